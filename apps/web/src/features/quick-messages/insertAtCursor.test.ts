import { describe, expect, it } from 'vitest';
import { insertAtCursor } from './insertAtCursor';

describe('inserting a variable', () => {
  it('puts it at the cursor and moves the cursor after it', () => {
    expect(insertAtCursor('Olá , tudo bem?', '{{firstName}}', 4, 4)).toEqual({
      text: 'Olá {{firstName}}, tudo bem?',
      cursor: 17,
    });
  });

  it('replaces the selected text', () => {
    expect(insertAtCursor('Hello NAME!', '{{name}}', 6, 10).text).toBe('Hello {{name}}!');
  });

  it('appends when there is no cursor', () => {
    expect(insertAtCursor('Protocol: ', '{{protocol}}', null, null).text).toBe('Protocol: {{protocol}}');
  });
});
