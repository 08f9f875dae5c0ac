import type { SimulatorMessageType } from '@zapdesk/contracts';

export interface SampleMedia {
  fileName: string;
  mimetype: string;
  base64: string;
}

const b64 = (text: string) => Buffer.from(text, 'latin1').toString('base64');

/** Small files for customers who send media without choosing one (demo clicks, quick tests). */
const samples: Partial<Record<SimulatorMessageType, SampleMedia>> = {
  image: {
    fileName: 'sample.png',
    mimetype: 'image/png',
    // A 1x1 PNG.
    base64:
      'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  },
  audio: { fileName: 'sample.ogg', mimetype: 'audio/ogg', base64: b64('OggS\0\x02sample voice note') },
  video: {
    fileName: 'sample.mp4',
    mimetype: 'video/mp4',
    base64: b64('\0\0\0\x18ftypmp42\0\0\0\0mp42isomsample video'),
  },
  document: {
    fileName: 'sample.pdf',
    mimetype: 'application/pdf',
    base64: b64('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n'),
  },
};

export function sampleMedia(type: SimulatorMessageType): SampleMedia | undefined {
  return samples[type];
}

/** A vCard for a customer who shares a contact without giving its text. */
export function sampleVcard(name: string, number: string): string {
  return [
    'BEGIN:VCARD',
    'VERSION:3.0',
    `N:;${name};;;`,
    `FN:${name}`,
    `TEL;type=CELL;type=VOICE;waid=${number}:+${number}`,
    'END:VCARD',
  ].join('\n');
}
