import { useEffect, useState } from 'react';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Step from '@mui/material/Step';
import StepLabel from '@mui/material/StepLabel';
import Stepper from '@mui/material/Stepper';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { InvoiceView, PixChargeView } from '@zapdesk/contracts';
import { useCompanyEvent } from '../../../lib/socket/RealtimeContext';
import { useCurrentUser } from '../../auth/sessionContext';
import { useCheckout } from '../api';
import { isPaymentEvent } from '../realtime';
import { CheckoutDataForm, checkoutSteps, emptyCheckoutData } from './checkoutData';
import { CheckoutDataStep } from './CheckoutDataStep';
import { CheckoutPlanStep } from './CheckoutPlanStep';
import { CheckoutReviewStep } from './CheckoutReviewStep';
import { PixStep } from './PixStep';

/** Spec 1 section 9: after the Pix payment the app returns home after 4 s. */
export const RETURN_HOME_MS = 4000;
const PLAN_STEP = 1;
const REVIEW_STEP = 2;
const PIX_STEP = 3;

function CheckoutFlow({ invoice, onClose }: { invoice: InvoiceView; onClose: () => void }) {
  const { t } = useTranslation('invoices');
  const user = useCurrentUser();
  const navigate = useNavigate();
  const plan = user.company.plan;
  // Spec 1 section 2: the checkout starts at the plan step; Data is one step back.
  const [step, setStep] = useState(PLAN_STEP);
  const [charge, setCharge] = useState<PixChargeView | null>(null);
  const [renewedUntil, setRenewedUntil] = useState<string | null>(null);
  const form = useForm<CheckoutDataForm>({
    resolver: zodResolver(CheckoutDataForm),
    defaultValues: emptyCheckoutData,
  });
  const checkout = useCheckout();

  useCompanyEvent('payment', (payload) => {
    if (charge && isPaymentEvent(payload)) setRenewedUntil(payload.company.dueDate ?? '');
  });
  useEffect(() => {
    if (renewedUntil === null) return;
    const timer = setTimeout(() => void navigate('/', { replace: true }), RETURN_HOME_MS);
    return () => clearTimeout(timer);
  }, [renewedUntil, navigate]);

  const next = async () => {
    if (step === 0 && !(await form.trigger())) return;
    setStep((current) => Math.min(current + 1, REVIEW_STEP));
  };
  const pay = () =>
    checkout.mutate(
      {
        ...form.getValues(),
        invoiceId: invoice.id,
        // Sent as the original client did; the server charges the invoice's stored value whatever these say.
        plan: plan?.name ?? invoice.detail,
        price: invoice.value,
        users: plan?.users ?? 0,
        connections: plan?.connections ?? 0,
      },
      {
        onSuccess: (answer) => {
          setCharge(answer);
          setStep(PIX_STEP);
        },
      },
    );

  return (
    <>
      <DialogContent dividers>
        <Stepper activeStep={step} alternativeLabel sx={{ mb: 2 }}>
          {checkoutSteps.map((name) => (
            <Step key={name}>
              <StepLabel>{t(`checkout.steps.${name}`)}</StepLabel>
            </Step>
          ))}
        </Stepper>
        {step === 0 && <CheckoutDataStep control={form.control} />}
        {step === PLAN_STEP && <CheckoutPlanStep invoice={invoice} plan={plan} />}
        {step === REVIEW_STEP && <CheckoutReviewStep invoice={invoice} plan={plan} data={form.getValues()} />}
        {step === PIX_STEP && charge && <PixStep charge={charge} renewedUntil={renewedUntil} />}
      </DialogContent>
      <DialogActions>
        {step < PIX_STEP ? (
          <>
            <Button
              disabled={step === 0}
              onClick={() => setStep((current) => current - 1)}
              data-testid="checkout-back"
            >
              {t('checkout.back')}
            </Button>
            {step < REVIEW_STEP ? (
              <Button variant="contained" onClick={() => void next()} data-testid="checkout-next">
                {t('checkout.next')}
              </Button>
            ) : (
              <Button
                variant="contained"
                loading={checkout.isPending}
                onClick={pay}
                data-testid="checkout-pay"
              >
                {t('checkout.generate')}
              </Button>
            )}
          </>
        ) : (
          <Button onClick={onClose} data-testid="checkout-close">
            {t('checkout.close')}
          </Button>
        )}
      </DialogActions>
    </>
  );
}

/** The checkout: Data, Customise (plan), Review, then the Pix charge (spec 1 sections 2 and 5). */
export function CheckoutDialog({ invoice, onClose }: { invoice: InvoiceView | null; onClose: () => void }) {
  const { t } = useTranslation('invoices');
  return (
    <Dialog open={invoice !== null} onClose={onClose} fullWidth maxWidth="sm" data-testid="checkout-dialog">
      <DialogTitle>{t('checkout.title')}</DialogTitle>
      {invoice && <CheckoutFlow key={invoice.id} invoice={invoice} onClose={onClose} />}
    </Dialog>
  );
}
