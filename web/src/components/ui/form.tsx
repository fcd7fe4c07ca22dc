import type { FormEvent, FormHTMLAttributes, Ref } from 'react';
import { useSingleFlight } from '../../lib/use-single-flight';

type Props = Omit<FormHTMLAttributes<HTMLFormElement>, 'onSubmit'> & {
  ref?: Ref<HTMLFormElement>;
  /**
   * Checks and sends. Return the send's promise (e.g. `mutateAsync`): until it settles, further
   * submits of this form are ignored (docs/architecture/web.md#web). A form whose state is a
   * `useZodForm` (lib/use-zod-form.ts) passes `form.handleSubmit(send)`, whose promise settles
   * with `send`'s.
   */
  onSubmit: (e: FormEvent<HTMLFormElement>) => unknown;
};

/**
 * Every dashboard form that creates or sends: one submit per press. The browser's own
 * validation is off (noValidate): our messages are Turkish (lib/form-errors.ts).
 */
export function Form({ onSubmit, ...rest }: Props) {
  const once = useSingleFlight();
  const submit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    once(() => onSubmit(e));
  };
  return <form noValidate {...rest} onSubmit={submit} />;
}
