import { describe, expect, it } from 'vitest';
import { batchSize, MAX_BATCH, pacingDelayMs, pickVariant, renderCampaignText } from './campaign-text';

describe('campaign text and pacing', () => {
  it('picks only non-empty variants, spread over all of them', () => {
    const variants = ['Olá', '', 'Oi', '  ', 'E aí'];
    expect(pickVariant(variants, () => 0)).toBe('Olá');
    expect(pickVariant(variants, () => 0.5)).toBe('Oi');
    expect(pickVariant(variants, () => 0.999)).toBe('E aí');
    expect(pickVariant(['', ' '], () => 0)).toBeUndefined();
  });

  it('replaces {nome}, {email}, {numero} and custom keys, leaving unknown braces', () => {
    const text = renderCampaignText(
      'Oi {nome} ({numero}, {email}) use {cupom} em {loja} {desconhecida}',
      { name: 'Ana', email: 'ana@x.test', number: '5511999990000' },
      [
        { key: 'cupom', value: 'ZAP10' },
        { key: 'loja', value: 'Centro' },
        { key: 'nome', value: 'never wins' },
      ],
    );
    expect(text).toBe('Oi Ana (5511999990000, ana@x.test) use ZAP10 em Centro {desconhecida}');
  });

  it('waits the interval plus up to 20 %, and the greater interval after every N messages', () => {
    const settings = { messageInterval: 5, longerIntervalAfter: 3, greaterInterval: 60 };
    expect(pacingDelayMs(1, settings, () => 0)).toBe(5000);
    expect(pacingDelayMs(2, settings, () => 0.999)).toBe(5999);
    expect(pacingDelayMs(3, settings, () => 0.5)).toBe(60_000);
    expect(pacingDelayMs(6, settings, () => 0.5)).toBe(60_000);
    expect(pacingDelayMs(3, { ...settings, greaterInterval: 0 }, () => 0)).toBe(5000);
    expect(pacingDelayMs(3, { ...settings, longerIntervalAfter: 0 }, () => 0)).toBe(5000);
    expect(pacingDelayMs(1, { messageInterval: 0, longerIntervalAfter: 0, greaterInterval: 0 })).toBe(0);
  });

  it('batches only without an interval, and never past the next longer pause', () => {
    const none = { messageInterval: 0, longerIntervalAfter: 0, greaterInterval: 0 };
    expect(batchSize(0, none)).toBe(MAX_BATCH);
    expect(batchSize(12_345, none)).toBe(MAX_BATCH);
    expect(batchSize(0, { ...none, messageInterval: 5 })).toBe(1);
    const pauses = { messageInterval: 0, longerIntervalAfter: 5, greaterInterval: 2 };
    expect(batchSize(0, pauses)).toBe(5);
    expect(batchSize(3, pauses)).toBe(2);
    expect(batchSize(5, pauses)).toBe(5);
    // The batch's last send is the 5th: the pause follows it, as it would have one by one.
    expect(pacingDelayMs(5, pauses)).toBe(2000);
    expect(batchSize(0, { ...pauses, longerIntervalAfter: 250 })).toBe(MAX_BATCH);
    expect(batchSize(0, { ...pauses, greaterInterval: 0 })).toBe(MAX_BATCH);
  });
});
