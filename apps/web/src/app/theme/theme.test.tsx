import { render, screen } from '@testing-library/react';
import CircularProgress from '@mui/material/CircularProgress';
import LinearProgress from '@mui/material/LinearProgress';
import { ThemeProvider } from '@mui/material/styles';
import { describe, expect, it } from 'vitest';
import { createAppTheme } from './theme';

describe('app theme', () => {
  it('names every spinner and progress bar that has no name of its own (axe: aria-progressbar-name)', () => {
    render(
      <ThemeProvider theme={createAppTheme('dark', 'Carregando…')}>
        <CircularProgress />
        <LinearProgress />
        <CircularProgress aria-label="Enviando" />
      </ThemeProvider>,
    );
    expect(screen.getAllByRole('progressbar', { name: 'Carregando…' })).toHaveLength(2);
    expect(screen.getByRole('progressbar', { name: 'Enviando' })).toBeDefined();
  });
});
