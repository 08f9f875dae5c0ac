import { defaultQueueSchedules } from '@zapdesk/contracts';
import { describe, expect, it } from 'vitest';
import { outOfHoursText } from './out-of-hours-text';
import { readHours } from './service-hours';

describe('out-of-hours text of a closed queue', () => {
  it("keeps the queue's own text when it has one", () => {
    expect(outOfHoursText('Voltamos às 8h.', 'Suporte', readHours(defaultQueueSchedules))).toBe(
      'Voltamos às 8h.',
    );
  });

  it('falls back to a default naming the queue and its opening hours when the text is empty', () => {
    expect(outOfHoursText('  ', 'Suporte', readHours(defaultQueueSchedules))).toBe(
      [
        'O atendimento de Suporte está fechado agora.',
        'Horário de atendimento:',
        'Segunda-feira: 08:00 às 18:00',
        'Terça-feira: 08:00 às 18:00',
        'Quarta-feira: 08:00 às 18:00',
        'Quinta-feira: 08:00 às 18:00',
        'Sexta-feira: 08:00 às 18:00',
        'Sábado: 08:00 às 12:00',
        'Domingo: fechado',
      ].join('\n'),
    );
  });

  it('calls a day without hours open all day, as the hours check does', () => {
    const text = outOfHoursText('', 'Vendas', [
      { weekdayEn: 'monday', startTime: '00:00', endTime: '00:00' },
    ]);
    expect(text).toContain('Segunda-feira: fechado');
    expect(text).toContain('Terça-feira: 24 horas');
  });
});
