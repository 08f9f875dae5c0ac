import type { FormEvent } from 'react';
import { useForm, type DefaultValues, type FieldValues, type Resolver } from 'react-hook-form';
import { toast } from '../../lib/toast';

export interface EntityDialogOptions<TForm extends FieldValues, TValues, TSaved> {
  /** Checks the fields (a zod schema through zodResolver or contractResolver). */
  resolver: Resolver<TForm, unknown, TValues>;
  /** What the fields hold: the edited record's values, or an empty form while adding. */
  values: TForm;
  /**
   * The fields follow `values` while the dialog is open, so a live update of the edited record shows
   * without wiping what is being typed. Off: `values` are read once, when the form mounts (the page mounts
   * a fresh dialog with each opening).
   */
  followValues?: boolean;
  /** Sends the checked values: usually a save mutation's mutateAsync (the mutation refreshes its lists). */
  save: (values: TValues) => Promise<TSaved>;
  /** The toast of a successful save. */
  savedMessage: string;
  /** Runs after a successful save, just before the dialog closes (hands the saved record on). */
  onSaved?: (saved: TSaved, values: TValues) => void;
  /** A failed save leaves the dialog open; this tells the user (else the mutation's own handler does). */
  onError?: (error: unknown) => void;
  onClose: () => void;
}

/**
 * The state of an add/edit dialog: a react-hook-form form checked by the resolver, a submit that saves,
 * toasts and closes, and the busy flag of the submit button. Spread `dialog` into `FormDialog`.
 */
export function useEntityDialog<TForm extends FieldValues, TValues, TSaved>(
  options: EntityDialogOptions<TForm, TValues, TSaved>,
) {
  const form = useForm<TForm, unknown, TValues>({
    resolver: options.resolver,
    ...(options.followValues
      ? { values: options.values, resetOptions: { keepDirtyValues: true } }
      : { defaultValues: options.values as DefaultValues<TForm> }),
  });

  const submit = form.handleSubmit(async (values) => {
    let saved: TSaved;
    try {
      saved = await options.save(values);
    } catch (error) {
      options.onError?.(error);
      return;
    }
    toast.success(options.savedMessage);
    options.onSaved?.(saved, values);
    options.onClose();
  });

  return {
    form,
    dialog: {
      onSubmit: (event: FormEvent<HTMLFormElement>) => void submit(event),
      onClose: options.onClose,
      // handleSubmit keeps the form submitting until the save has settled.
      saving: form.formState.isSubmitting,
    },
  };
}
