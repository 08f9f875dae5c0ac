import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { WhatsAppText } from './WhatsAppText';

describe('WhatsAppText', () => {
  it('shows the styles as elements without their markers', () => {
    const { container } = render(<WhatsAppText text={'*Admin:*\n_oi_ ~não~ ```x```'} />);
    expect(container.querySelector('strong')?.textContent).toBe('Admin:');
    expect(container.querySelector('em')?.textContent).toBe('oi');
    expect(container.querySelector('s')?.textContent).toBe('não');
    expect(container.querySelector('code')?.textContent).toBe('x');
    expect(container.textContent).toBe('Admin:\noi não x');
  });

  it('makes http(s) links open safely in a new tab', () => {
    const { container } = render(<WhatsAppText text="ver https://exemplo.test/x" />);
    const link = container.querySelector('a');
    expect(link?.getAttribute('href')).toBe('https://exemplo.test/x');
    expect(link?.getAttribute('target')).toBe('_blank');
    expect(link?.getAttribute('rel')).toBe('noopener noreferrer');
  });

  it('keeps HTML in a message as text', () => {
    const { container } = render(<WhatsAppText text={'<img src=x onerror="alert(1)"> *b*'} />);
    expect(container.querySelector('img')).toBeNull();
    expect(container.textContent).toBe('<img src=x onerror="alert(1)"> b');
  });

  it('shows links as text when links are off', () => {
    const { container } = render(<WhatsAppText text="https://exemplo.test" links={false} />);
    expect(container.querySelector('a')).toBeNull();
    expect(container.textContent).toBe('https://exemplo.test');
  });
});
