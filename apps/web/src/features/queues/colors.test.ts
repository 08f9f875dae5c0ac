import { describe, expect, it } from 'vitest';
import { isQueueColor, queueColorPalette, textColorOn } from './colors';
import { queueFormResolver, queueFormValues } from './queueForm';

describe('queue colours', () => {
  it('offers about 50 distinct colours, all valid for a queue', () => {
    expect(queueColorPalette.length).toBeGreaterThanOrEqual(45);
    expect(queueColorPalette.length).toBeLessThanOrEqual(55);
    expect(new Set(queueColorPalette.map((c) => c.toUpperCase())).size).toBe(queueColorPalette.length);
    expect(queueColorPalette.filter((c) => !isQueueColor(c))).toEqual([]);
  });

  it('accepts # and 3 to 8 hex digits (3 to 9 characters)', () => {
    for (const color of ['#abc', '#ABCD', '#a1b2c3', '#a1b2c3d4']) expect(isQueueColor(color)).toBe(true);
  });

  it('refuses colours without #, too short, too long or not hex', () => {
    for (const color of ['', 'abc', '#a', '#ab', '#a1b2c3d4e', 'red', '#ggg', 'a1b2c3']) {
      expect(isQueueColor(color), color).toBe(false);
    }
  });

  it('writes dark text on light colours and light text on dark ones', () => {
    expect(textColorOn('#FFEB3B')).toBe('#000000');
    expect(textColorOn('#000')).toBe('#FFFFFF');
  });
});

describe('queue form validation', () => {
  const validate = async (patch: Partial<ReturnType<typeof queueFormValues>>) => {
    const values = { ...queueFormValues(), name: 'Vendas', color: '#1273DE', ...patch };
    return queueFormResolver(values, undefined, { fields: {}, shouldUseNativeValidation: false });
  };

  it('asks for a colour with the spec texts', async () => {
    expect((await validate({ color: '' })).errors.color?.message).toBe('Required');
    expect((await validate({ color: '#a' })).errors.color?.message).toBe('Too Short!');
    expect((await validate({ color: '#a1b2c3d4e' })).errors.color?.message).toBe('Too Long!');
  });

  it('turns the inputs into the API body: empty order and "none" links become null', async () => {
    const result = await validate({ orderQueue: '', integrationId: '', promptId: '3' });
    expect(result.errors).toEqual({});
    expect(result.values).toMatchObject({
      orderQueue: null,
      integrationId: null,
      promptId: 3,
      color: '#1273DE',
    });
  });

  it('refuses an attendance time that is not ##:##', async () => {
    const schedules = queueFormValues().schedules.map((day, i) =>
      i === 0 ? { ...day, startTime: '8:0' } : day,
    );
    const result = await validate({ schedules });
    expect(result.errors.schedules).toBeDefined();
  });
});
