import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useTheme } from '@mui/material/styles';
import { visuallyHidden } from '@mui/utils';
import { BarChart } from '@mui/x-charts/BarChart';
import type { Bar } from '../chartData';

declare module '@mui/x-charts/models' {
  // Each bar's rect carries a test id, as the hand-drawn bars did (e2e/dashboard.spec.ts counts them).
  interface BarPropsOverrides {
    'data-testid'?: string;
  }
}

interface ConversationsChartProps {
  bars: Bar[];
  /** Bars along the value axis (one row per user) or up from it (one column per day or hour). */
  layout: 'horizontal' | 'vertical';
  /** The chart's accessible name (its section title). */
  title: string;
  /** What a bar counts, for the tooltip and the data table. */
  valueLabel: string;
  /** What a bar's label names (user, date), for the data table. */
  categoryLabel: string;
  emptyText: string;
  testId: string;
}

/** Room for a user's name beside its bar. */
const CATEGORY_AXIS_WIDTH = 110;
const ROW_HEIGHT = 32;
const COLUMN_CHART_HEIGHT = 260;

/**
 * A dashboard chart drawn by MUI X Charts in the theme's primary colour, each bar labelled with its value.
 * Screen readers get the same numbers as a table.
 */
export function ConversationsChart(props: ConversationsChartProps) {
  const theme = useTheme();
  const { bars, layout } = props;
  if (bars.length === 0) {
    return (
      <Typography variant="body2" color="text.secondary" sx={{ p: 2 }} data-testid={props.testId}>
        {props.emptyText}
      </Typography>
    );
  }
  const horizontal = layout === 'horizontal';
  const categories = { scaleType: 'band' as const, data: bars.map((bar) => bar.label) };
  // Headroom past the largest bar, so the value written past its end stays inside the chart.
  const largest = Math.max(...bars.map((bar) => bar.value));
  const values = { tickMinStep: 1, min: 0, max: largest + Math.max(1, Math.ceil(largest * 0.15)) };
  return (
    <Box data-testid={props.testId} sx={{ px: 1, pb: 1, minWidth: 0 }}>
      <BarChart
        layout={layout}
        height={horizontal ? bars.length * ROW_HEIGHT + 56 : COLUMN_CHART_HEIGHT}
        xAxis={[horizontal ? values : categories]}
        yAxis={[horizontal ? { ...categories, width: CATEGORY_AXIS_WIDTH } : values]}
        series={[
          {
            data: bars.map((bar) => bar.value),
            label: props.valueLabel,
            barLabel: 'value',
            barLabelPlacement: 'outside',
          },
        ]}
        colors={[theme.palette.primary.main]}
        hideLegend
        title={props.title}
        slotProps={{ bar: { 'data-testid': 'chart-bar' } }}
      />
      <Box component="table" sx={visuallyHidden}>
        <caption>{props.title}</caption>
        <thead>
          <tr>
            <th scope="col">{props.categoryLabel}</th>
            <th scope="col">{props.valueLabel}</th>
          </tr>
        </thead>
        <tbody>
          {bars.map((bar, index) => (
            <tr key={`${bar.label}-${index}`}>
              <th scope="row">{bar.label}</th>
              <td>{bar.value}</td>
            </tr>
          ))}
        </tbody>
      </Box>
    </Box>
  );
}
