import type { ReactNode } from 'react';
import { QueryClient, QueryClientProvider, useMutation } from '@tanstack/react-query';
import { act, renderHook, screen, waitFor } from '@testing-library/react';
import { SnackbarProvider } from 'notistack';
import { describe, expect, it } from 'vitest';
import { useRecordAttachment } from './useRecordAttachment';

const wrapper = ({ children }: { children: ReactNode }) => (
  <QueryClientProvider client={new QueryClient()}>
    <SnackbarProvider>{children}</SnackbarProvider>
  </QueryClientProvider>
);

/** The hook over real mutations whose server is these arrays; the upload fails when `failUpload` says so. */
function renderAttachment(recordId: number | undefined, options: { failUpload?: boolean } = {}) {
  const uploads: Array<{ id: number; name: string }> = [];
  const removals: number[] = [];
  const rendered = renderHook(
    () =>
      useRecordAttachment({
        recordId,
        savedName: recordId === undefined ? null : 'tabela.pdf',
        upload: useMutation({
          mutationFn: ({ id, file }: { id: number; file: File }) => {
            uploads.push({ id, name: file.name });
            return options.failUpload ? Promise.reject(new Error('too big')) : Promise.resolve(id);
          },
        }),
        remove: useMutation({
          mutationFn: (id: number) => {
            removals.push(id);
            return Promise.resolve(id);
          },
        }),
        removedMessage: 'Attachment deleted',
      }),
    { wrapper },
  );
  return { ...rendered, uploads, removals };
}

describe('useRecordAttachment', () => {
  it('uploads the picked file for the record once it is saved, and nothing when none was picked', async () => {
    const { result, uploads } = renderAttachment(undefined);
    expect(result.current.field.savedName).toBeNull();
    await act(() => result.current.uploadFor(7));
    expect(uploads).toEqual([]);

    act(() => result.current.field.onPick(new File(['x'], 'precos.pdf')));
    expect(result.current.pending?.name).toBe('precos.pdf');
    await act(() => result.current.uploadFor(7));
    expect(uploads).toEqual([{ id: 7, name: 'precos.pdf' }]);
  });

  it('keeps the record saved when its upload fails', async () => {
    const { result, uploads } = renderAttachment(3, { failUpload: true });
    act(() => result.current.field.onPick(new File(['x'], 'grande.pdf')));
    await expect(act(() => result.current.uploadFor(3))).resolves.toBeUndefined();
    expect(uploads).toEqual([{ id: 3, name: 'grande.pdf' }]);
  });

  it('removes the saved attachment of the record, forgets its name and says so', async () => {
    const { result, removals } = renderAttachment(4);
    expect(result.current.field.savedName).toBe('tabela.pdf');
    act(() => result.current.field.onRemoveSaved());
    expect(await screen.findByText('Attachment deleted')).toBeTruthy();
    expect(removals).toEqual([4]);
    await waitFor(() => expect(result.current.field.savedName).toBeNull());
  });
});
