import { queueColor } from '@zapdesk/contracts';

/** The queue colour palette (spec 2 section 9: about 50 colours), five rows of ten. */
export const queueColorPalette: readonly string[] = [
  '#B80000',
  '#DB3E00',
  '#FCCB00',
  '#008B02',
  '#006B76',
  '#1273DE',
  '#004DCF',
  '#5300EB',
  '#EB9694',
  '#FAD0C3',
  '#FEF3BD',
  '#C1E1C5',
  '#BEDADC',
  '#C4DEF6',
  '#BED3F3',
  '#D4C4FB',
  '#F44336',
  '#E91E63',
  '#9C27B0',
  '#673AB7',
  '#3F51B5',
  '#2196F3',
  '#03A9F4',
  '#00BCD4',
  '#009688',
  '#4CAF50',
  '#8BC34A',
  '#CDDC39',
  '#FFEB3B',
  '#FFC107',
  '#FF9800',
  '#FF5722',
  '#795548',
  '#607D8B',
  '#9E9E9E',
  '#000000',
  '#D32F2F',
  '#C2185B',
  '#7B1FA2',
  '#512DA8',
  '#303F9F',
  '#1976D2',
  '#0288D1',
  '#0097A7',
  '#00796B',
  '#388E3C',
  '#689F38',
  '#AFB42B',
  '#FBC02D',
  '#FFA000',
];

/** Whether the text is a colour the server accepts for a queue: `#` and 3 to 8 hex digits. */
export const isQueueColor = (value: string): boolean => queueColor.safeParse(value).success;

/** Black or white, whichever reads better on the colour (for chips and swatches). */
export function textColorOn(color: string): '#000000' | '#FFFFFF' {
  const hex = color.replace('#', '');
  const full =
    hex.length === 3 || hex.length === 4 ? [...hex.slice(0, 3)].map((c) => c + c).join('') : hex.slice(0, 6);
  if (!/^[0-9A-Fa-f]{6}$/.test(full)) return '#000000';
  const [r, g, b] = [0, 2, 4].map((i) => parseInt(full.slice(i, i + 2), 16));
  const luminance = (0.299 * (r ?? 0) + 0.587 * (g ?? 0) + 0.114 * (b ?? 0)) / 255;
  return luminance > 0.6 ? '#000000' : '#FFFFFF';
}
