import { describe, expect, it } from 'vitest';
import { mayAnswerInvalid } from './loop-guard';
import { decideMainMenu, type MenuQueue } from './main-menu';
import { closedQueueText, mainMenuText, optionMenuText, rootMenuText } from './menu-texts';

const sales: MenuQueue = { id: 1, name: 'Vendas', closed: false };
const support: MenuQueue = { id: 2, name: 'Suporte', closed: true };
const decide = (body: string, firstOfCycle = false, queues = [sales, support], may = true) =>
  decideMainMenu({ queues, body, firstOfCycle, mayAnswerInvalid: may });

describe('main menu decisions (server-behaviour 7.4)', () => {
  it('picks a queue by its 1-based position, a closed one answering its hours', () => {
    expect(decide('1')).toEqual({ kind: 'assign', queue: sales, single: false });
    expect(decide(' 2 ')).toEqual({ kind: 'closedQueue', queue: support });
  });

  it('sends the menu on the first message, the invalid menu later, silence when the guards say so', () => {
    expect(decide('oi', true)).toEqual({ kind: 'menu', invalid: false });
    expect(decide('3')).toEqual({ kind: 'menu', invalid: true });
    expect(decide('0')).toEqual({ kind: 'menu', invalid: true });
    expect(decide('oi', false, [sales, support], false)).toEqual({ kind: 'silent' });
  });

  it('assigns a single queue whatever the body; without queues greets once per cycle', () => {
    expect(decide('qualquer', false, [sales])).toEqual({ kind: 'assign', queue: sales, single: true });
    expect(decide('oi', true, [])).toEqual({ kind: 'greeting' });
    expect(decide('oi', false, [])).toEqual({ kind: 'silent' });
  });
});

describe('loop guards', () => {
  const now = new Date('2026-11-23T12:00:00Z');
  const guard = {
    menuSends: 2,
    chatbotAt: new Date(now.getTime() - 90_000),
    maxUseBotQueues: 3,
    timeUseBotQueues: 0,
  };

  it('stops answering after maxUseBotQueues menus (0 = no limit)', () => {
    expect(mayAnswerInvalid(guard, now)).toBe(true);
    expect(mayAnswerInvalid({ ...guard, menuSends: 3 }, now)).toBe(false);
    expect(mayAnswerInvalid({ ...guard, menuSends: 30, maxUseBotQueues: 0 }, now)).toBe(true);
  });

  it('keeps quiet within timeUseBotQueues minutes of the last menu', () => {
    expect(mayAnswerInvalid({ ...guard, timeUseBotQueues: 2 }, now)).toBe(false);
    expect(mayAnswerInvalid({ ...guard, timeUseBotQueues: 1 }, now)).toBe(true);
  });
});

describe('menu texts', () => {
  it('lays out the main menu, the invalid prefix and the option menus', () => {
    expect(mainMenuText('Olá!', ['Vendas', 'Suporte'], false)).toBe(
      'Olá!\n\n*[ 1 ]* - Vendas\n*[ 2 ]* - Suporte',
    );
    expect(mainMenuText('', ['Vendas'], true)).toBe(
      'Opção inválida, escolha uma das opções abaixo.\n\n*[ 1 ]* - Vendas',
    );
    expect(rootMenuText('Setor de vendas', [{ option: '1', title: 'Planos' }])).toBe(
      'Setor de vendas\n\n*[ 1 ]* - Planos\n*[ # ]* - Menu inicial',
    );
    expect(optionMenuText('Planos:', [{ option: '1', title: 'Básico' }])).toBe(
      'Planos:\n\n*[ 1 ]* - Básico\n*[ 0 ]* - Voltar\n*[ # ]* - Menu inicial',
    );
    expect(closedQueueText('Fechado')).toBe('Fechado\n\n*[ # ]* - Menu inicial');
  });
});
