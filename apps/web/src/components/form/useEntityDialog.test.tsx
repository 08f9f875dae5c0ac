import { useState } from 'react';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { zodResolver } from '@hookform/resolvers/zod';
import { SnackbarProvider } from 'notistack';
import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { FormDialog } from '../FormDialog';
import { FormTextField } from './FormTextField';
import { useEntityDialog } from './useEntityDialog';

const NameInput = z.object({ name: z.string().trim().min(2, { error: 'Too Short!' }) });
type Row = { id: number; name: string };

/** A dialog of the shape the app's add/edit dialogs have, around a record the test controls. */
function NameDialog(props: {
  record: Row | undefined;
  save: (values: { name: string }) => Promise<Row>;
  onSaved?: (saved: Row) => void;
  onError?: (error: unknown) => void;
  followValues?: boolean;
}) {
  const [open, setOpen] = useState(true);
  const { form, dialog } = useEntityDialog({
    resolver: zodResolver(NameInput),
    values: { name: props.record?.name ?? '' },
    followValues: props.followValues,
    save: props.save,
    savedMessage: 'Saved it',
    onSaved: props.onSaved,
    onError: props.onError,
    onClose: () => setOpen(false),
  });
  return (
    <>
      <p data-testid="state">{open ? 'open' : 'closed'}</p>
      <FormDialog
        open={open}
        title={props.record ? 'Edit' : 'Add'}
        submitLabel="Save"
        {...dialog}
        testId="name-dialog"
        submitTestId="name-save"
      >
        <FormTextField control={form.control} name="name" label="Name" />
      </FormDialog>
    </>
  );
}

function renderDialog(props: Parameters<typeof NameDialog>[0]) {
  const view = render(
    <SnackbarProvider>
      <NameDialog {...props} />
    </SnackbarProvider>,
  );
  const dialog = within(screen.getByTestId('name-dialog'));
  const name = () => dialog.getByRole('textbox', { name: 'Name' }) as HTMLInputElement;
  return { ...view, dialog, name };
}

/** A save the test settles by hand. */
function pendingSave() {
  let settle: { resolve: (saved: Row) => void; reject: (error: Error) => void } | undefined;
  const save = vi.fn(
    (_values: { name: string }) =>
      new Promise<Row>((resolve, reject) => {
        settle = { resolve, reject };
      }),
  );
  return {
    save,
    resolve: (saved: Row) => settle?.resolve(saved),
    reject: (error: Error) => settle?.reject(error),
  };
}

// The first render loads MUI's modules: slow on a busy machine.
describe('useEntityDialog', { timeout: 20_000 }, () => {
  it('shows the field error and sends nothing while the form is invalid', async () => {
    const save = vi.fn();
    const { dialog, name } = renderDialog({ record: undefined, save });
    fireEvent.change(name(), { target: { value: 'a' } });
    fireEvent.click(dialog.getByTestId('name-save'));

    expect(await dialog.findByText('Too Short!')).toBeTruthy();
    expect(save).not.toHaveBeenCalled();
    expect(screen.getByTestId('state').textContent).toBe('open');
  });

  it('saves the checked values with the button busy, then toasts, closes and hands on the saved record', async () => {
    const pending = pendingSave();
    const onSaved = vi.fn();
    const { dialog, name } = renderDialog({ record: undefined, save: pending.save, onSaved });
    fireEvent.change(name(), { target: { value: '  Ana  ' } });
    fireEvent.click(dialog.getByTestId('name-save'));

    await waitFor(() => expect(pending.save).toHaveBeenCalledWith({ name: 'Ana' }));
    expect((dialog.getByTestId('name-save') as HTMLButtonElement).disabled).toBe(true);
    expect(onSaved).not.toHaveBeenCalled();

    pending.resolve({ id: 7, name: 'Ana' });
    expect(await screen.findByText('Saved it')).toBeTruthy();
    expect(screen.getByTestId('state').textContent).toBe('closed');
    expect(onSaved).toHaveBeenCalledWith({ id: 7, name: 'Ana' }, { name: 'Ana' });
  });

  it('keeps the dialog open with what was typed when the save fails, and reports the error', async () => {
    const pending = pendingSave();
    const onError = vi.fn();
    const { dialog, name } = renderDialog({ record: { id: 1, name: 'Bia' }, save: pending.save, onError });
    expect(name().value).toBe('Bia');
    fireEvent.change(name(), { target: { value: 'Bianca' } });
    fireEvent.click(dialog.getByTestId('name-save'));
    await waitFor(() => expect(pending.save).toHaveBeenCalledWith({ name: 'Bianca' }));

    const failure = new Error('ERR_DUPLICATED_NAME');
    pending.reject(failure);
    await waitFor(() => expect(onError).toHaveBeenCalledWith(failure));
    expect(screen.getByTestId('state').textContent).toBe('open');
    expect(name().value).toBe('Bianca');
    expect((dialog.getByTestId('name-save') as HTMLButtonElement).disabled).toBe(false);
    expect(screen.queryByText('Saved it')).toBeNull();
  });

  it('follows a live update of the record unless the field was changed', async () => {
    const save = vi.fn();
    const { name, rerender } = renderDialog({ record: { id: 1, name: 'Bia' }, save, followValues: true });
    const renderWith = (record: Row) =>
      rerender(
        <SnackbarProvider>
          <NameDialog record={record} save={save} followValues />
        </SnackbarProvider>,
      );

    renderWith({ id: 1, name: 'Beatriz' });
    await waitFor(() => expect(name().value).toBe('Beatriz'));

    fireEvent.change(name(), { target: { value: 'Typed' } });
    // rerender runs the form's effects before it returns: the update has been applied or refused by now.
    renderWith({ id: 1, name: 'Someone else' });
    expect(name().value).toBe('Typed');
  });
});
