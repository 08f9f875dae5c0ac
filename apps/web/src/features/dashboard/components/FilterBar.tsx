import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { useTranslation } from 'react-i18next';
import { PERIODS, type DashboardFilter } from '../chartData';

interface Props {
  value: DashboardFilter;
  onApply: (filter: DashboardFilter) => void;
}

/** Filter by date range or by period (spec 1 section 2); applied with the filter button. */
export function FilterBar({ value, onApply }: Props) {
  const { t } = useTranslation('dashboard');
  const [mode, setMode] = useState<DashboardFilter['mode']>(value.mode);
  const [from, setFrom] = useState(value.mode === 'date' ? value.from : '');
  const [to, setTo] = useState(value.mode === 'date' ? value.to : '');
  const [days, setDays] = useState(value.mode === 'period' ? value.days : 0);

  const apply = () => onApply(mode === 'date' ? { mode, from, to } : { mode, days });

  return (
    <Box
      component="form"
      onSubmit={(event) => {
        event.preventDefault();
        apply();
      }}
      sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1.5 }}
      data-testid="dashboard-filter"
    >
      <TextField
        select
        size="small"
        label={t('filter.type')}
        value={mode}
        onChange={(event) => setMode(event.target.value as DashboardFilter['mode'])}
        sx={{ flex: '1 1 160px', maxWidth: { sm: 200 } }}
        slotProps={{ htmlInput: { name: 'filterType' } }}
      >
        <MenuItem value="date">{t('filter.byDate')}</MenuItem>
        <MenuItem value="period">{t('filter.byPeriod')}</MenuItem>
      </TextField>
      {mode === 'date' ? (
        <>
          <TextField
            size="small"
            type="date"
            label={t('filter.from')}
            value={from}
            onChange={(event) => setFrom(event.target.value)}
            sx={{ flex: '1 1 150px', maxWidth: { sm: 190 } }}
            slotProps={{ inputLabel: { shrink: true }, htmlInput: { name: 'date_from' } }}
          />
          <TextField
            size="small"
            type="date"
            label={t('filter.to')}
            value={to}
            onChange={(event) => setTo(event.target.value)}
            sx={{ flex: '1 1 150px', maxWidth: { sm: 190 } }}
            slotProps={{ inputLabel: { shrink: true }, htmlInput: { name: 'date_to' } }}
          />
        </>
      ) : (
        <TextField
          select
          size="small"
          label={t('filter.period')}
          value={days}
          onChange={(event) => setDays(Number(event.target.value))}
          sx={{ flex: '1 1 180px', maxWidth: { sm: 240 } }}
          slotProps={{ htmlInput: { name: 'days' } }}
        >
          {PERIODS.map((n) => (
            <MenuItem key={n} value={n}>
              {n === 0 ? t('filter.none') : t('filter.lastDays', { days: n })}
            </MenuItem>
          ))}
        </TextField>
      )}
      <Button type="submit" variant="contained" data-testid="dashboard-filter-button">
        {t('filter.apply')}
      </Button>
    </Box>
  );
}
