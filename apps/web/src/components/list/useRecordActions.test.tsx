import type { ReactNode } from 'react';
import { act, renderHook, screen } from '@testing-library/react';
import { SnackbarProvider } from 'notistack';
import { describe, expect, it, vi } from 'vitest';
import { useRecordActions } from './useRecordActions';

type Row = { id: number; name: string };
type MutateOptions = { onSuccess: () => void; onError?: (error: Error) => void; onSettled: () => void };

/** A delete mutation whose calls the test settles by hand. */
function fakeRemove() {
  const calls: { id: number; options: MutateOptions }[] = [];
  return {
    calls,
    remove: { mutate: (id: number, options: MutateOptions) => calls.push({ id, options }), isPending: false },
  };
}

const wrapper = ({ children }: { children: ReactNode }) => <SnackbarProvider>{children}</SnackbarProvider>;

describe('useRecordActions', () => {
  it('opens the dialog for adding or editing with a new key each time, keeping the record while it closes', () => {
    const { remove } = fakeRemove();
    const { result } = renderHook(() => useRecordActions<Row>(remove, 'Deleted'), { wrapper });
    expect(result.current.dialogOpen).toBe(false);

    act(() => result.current.openAdd());
    expect(result.current.dialogOpen).toBe(true);
    expect(result.current.editing).toBeUndefined();
    const addKey = result.current.dialogKey;

    act(() => result.current.openEdit({ id: 3, name: 'Ana' }));
    expect(result.current.editing).toEqual({ id: 3, name: 'Ana' });
    expect(result.current.dialogKey).not.toBe(addKey);

    act(() => result.current.closeDialog());
    expect(result.current.dialogOpen).toBe(false);
    expect(result.current.editing).toEqual({ id: 3, name: 'Ana' });
  });

  it('asks before deleting, deletes the asked record, toasts and closes the question once settled', async () => {
    const { remove, calls } = fakeRemove();
    const { result } = renderHook(() => useRecordActions<Row>(remove, 'Deleted it'), { wrapper });
    expect(result.current.confirm.open).toBe(false);

    act(() => result.current.askDelete({ id: 9, name: 'Bia' }));
    expect(result.current.confirm.open).toBe(true);
    expect(calls).toEqual([]);

    act(() => result.current.confirm.onConfirm());
    expect(calls.map((call) => call.id)).toEqual([9]);
    expect(result.current.confirm.open).toBe(true);

    act(() => {
      calls[0]?.options.onSuccess();
      calls[0]?.options.onSettled();
    });
    expect(await screen.findByText('Deleted it')).toBeTruthy();
    expect(result.current.confirm.open).toBe(false);
  });

  it('hands a failed delete to its handler and sends nothing when the question is dismissed', () => {
    const { remove, calls } = fakeRemove();
    const onError = vi.fn();
    const { result } = renderHook(
      () => useRecordActions<Row>(remove, 'Deleted', { onDeleteError: onError }),
      { wrapper },
    );

    act(() => result.current.askDelete({ id: 1, name: 'Caio' }));
    act(() => result.current.confirm.onClose());
    expect(result.current.confirm.open).toBe(false);
    act(() => result.current.confirm.onConfirm());
    expect(calls).toEqual([]);

    act(() => result.current.askDelete({ id: 2, name: 'Dora' }));
    act(() => result.current.confirm.onConfirm());
    const failure = new Error('ERR_IN_USE');
    act(() => calls[0]?.options.onError?.(failure));
    expect(onError).toHaveBeenCalledWith(failure);
  });
});
