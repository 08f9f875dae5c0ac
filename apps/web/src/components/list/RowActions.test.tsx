import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableRow from '@mui/material/TableRow';
import StarIcon from '@mui/icons-material/Star';
import { describe, expect, it, vi } from 'vitest';
import { RowActions, type RowActionsProps } from './RowActions';

function renderRow(props: RowActionsProps) {
  render(
    <Table>
      <TableBody>
        <TableRow data-testid="row">
          <RowActions {...props} />
        </TableRow>
      </TableBody>
    </Table>,
  );
  return within(screen.getByTestId('row'));
}

const names = (row: ReturnType<typeof within>) =>
  row.queryAllByRole('button').map((button: HTMLElement) => button.getAttribute('aria-label'));

// The first render loads MUI's modules: slow on a busy machine.
describe('RowActions', { timeout: 20_000 }, () => {
  it('shows leading actions, edit, extra actions and delete in that order, each doing its own thing', () => {
    const calls: string[] = [];
    const row = renderRow({
      leading: [{ label: 'Start', icon: <StarIcon />, onClick: () => calls.push('start') }],
      edit: { label: 'Edit', onClick: () => calls.push('edit'), testId: 'thing-edit' },
      extra: [{ label: 'Renew', icon: <StarIcon />, onClick: () => calls.push('renew') }],
      remove: { label: 'Delete', onClick: () => calls.push('delete'), testId: 'thing-delete' },
    });
    expect(names(row)).toEqual(['Start', 'Edit', 'Renew', 'Delete']);

    fireEvent.click(row.getByTestId('thing-delete'));
    fireEvent.click(row.getByRole('button', { name: 'Renew' }));
    fireEvent.click(row.getByTestId('thing-edit'));
    fireEvent.click(row.getByRole('button', { name: 'Start' }));
    expect(calls).toEqual(['delete', 'renew', 'edit', 'start']);
  });

  it('leaves out what is not given and keeps an empty cell when hidden', () => {
    expect(names(renderRow({ edit: { label: 'Edit', onClick: vi.fn() } }))).toEqual(['Edit']);
    cleanup();

    const hidden = renderRow({ hidden: true, edit: { label: 'Edit', onClick: vi.fn() } });
    expect(names(hidden)).toEqual([]);
    expect(hidden.getByRole('cell')).toBeTruthy();
  });

  it('does not run a disabled action, also behind its tooltip', () => {
    const renew = vi.fn();
    const row = renderRow({
      extra: [{ label: 'Renew', icon: <StarIcon />, onClick: renew, disabled: true, tooltip: true }],
    });
    const button = row.getByRole('button', { name: 'Renew' }) as HTMLButtonElement;
    expect(button.disabled).toBe(true);
    fireEvent.click(button);
    expect(renew).not.toHaveBeenCalled();
  });
});
