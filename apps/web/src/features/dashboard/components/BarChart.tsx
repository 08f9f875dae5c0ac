import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { maxOf, type Bar } from '../chartData';

interface Props {
  bars: Bar[];
  emptyText: string;
  testId: string;
}

/** Horizontal bars drawn with plain boxes: label, bar proportional to the largest value, value. */
export function HorizontalBars({ bars, emptyText, testId }: Props) {
  const max = maxOf(bars);
  if (bars.length === 0) {
    return (
      <Typography variant="body2" color="text.secondary" sx={{ p: 2 }} data-testid={testId}>
        {emptyText}
      </Typography>
    );
  }
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 0.75, p: 1.5 }} data-testid={testId}>
      {bars.map((bar, index) => (
        <Box
          key={`${bar.label}-${index}`}
          sx={{
            display: 'grid',
            gridTemplateColumns: 'minmax(60px, 30%) 1fr auto',
            alignItems: 'center',
            gap: 1,
          }}
          data-testid="chart-bar"
        >
          <Typography variant="body2" noWrap title={bar.label}>
            {bar.label}
          </Typography>
          <Box sx={{ height: 14, bgcolor: 'action.hover', borderRadius: 1, overflow: 'hidden' }}>
            <Box
              sx={{
                height: '100%',
                width: `${(bar.value / max) * 100}%`,
                bgcolor: 'primary.main',
                borderRadius: 1,
              }}
            />
          </Box>
          <Typography variant="body2" sx={{ minWidth: 24, textAlign: 'right' }}>
            {bar.value}
          </Typography>
        </Box>
      ))}
    </Box>
  );
}

/** Vertical bars drawn with plain SVG; scrolls sideways inside its box when there are many bars. */
export function ColumnBars({ bars, emptyText, testId }: Props) {
  const max = maxOf(bars);
  if (bars.length === 0) {
    return (
      <Typography variant="body2" color="text.secondary" sx={{ p: 2 }} data-testid={testId}>
        {emptyText}
      </Typography>
    );
  }
  const slot = 44;
  const chartHeight = 160;
  const top = 18;
  const labelHeight = 40;
  const width = Math.max(bars.length * slot, 280);
  return (
    <Box sx={{ overflowX: 'auto', p: 1.5 }} data-testid={testId}>
      <svg
        width={width}
        height={top + chartHeight + labelHeight}
        role="img"
        style={{ display: 'block', minWidth: '100%' }}
      >
        {bars.map((bar, index) => {
          const h = (bar.value / max) * chartHeight;
          const x = index * slot + 8;
          return (
            <g key={`${bar.label}-${index}`} data-testid="chart-bar">
              <title>{`${bar.label}: ${bar.value}`}</title>
              <rect
                x={x}
                y={top + chartHeight - h}
                width={slot - 16}
                height={h}
                rx={3}
                fill="currentColor"
                opacity={0.85}
              />
              <text
                x={x + (slot - 16) / 2}
                y={top + chartHeight - h - 4}
                textAnchor="middle"
                fontSize={11}
                fill="currentColor"
              >
                {bar.value}
              </text>
              <text
                x={x + (slot - 16) / 2}
                y={top + chartHeight + 12}
                textAnchor="end"
                fontSize={10}
                fill="currentColor"
                transform={`rotate(-35 ${x + (slot - 16) / 2} ${top + chartHeight + 12})`}
              >
                {bar.label.length > 5 ? bar.label.slice(0, 5) : bar.label}
              </text>
            </g>
          );
        })}
      </svg>
    </Box>
  );
}
