import Box from '@mui/material/Box';
import type { Control } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FormTextField } from '../../../components/form/FormTextField';
import type { CheckoutDataForm } from './checkoutData';

const fields = [
  ['firstName', 'firstName'],
  ['lastName', 'lastName'],
  ['address2', 'address'],
  ['city', 'city'],
  ['state', 'state'],
  ['zipcode', 'zipcode'],
  ['country', 'country'],
] as const;

/** Step 1: the payer's name and address. */
export function CheckoutDataStep({ control }: { control: Control<CheckoutDataForm> }) {
  const { t } = useTranslation('invoices');
  return (
    <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, columnGap: 2 }}>
      {fields.map(([name, label]) => (
        <FormTextField
          key={name}
          control={control}
          name={name}
          label={t(`checkout.data.${label}`)}
          required
          size="small"
        />
      ))}
    </Box>
  );
}
