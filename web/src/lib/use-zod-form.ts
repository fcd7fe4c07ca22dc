import { useEffect } from 'react';
import { useForm, type DefaultValues, type FieldErrors, type FieldValues, type Path, type Resolver, type UseFormReturn } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { tr } from '../i18n/tr';

/** Just what is needed of a zod schema: its input (the form's values) and output (what is sent). */
type ZodSchema<In, Out> = { _zod: { input: In; output: Out } };

/**
 * A schema, or how to load it: a page that should not load zod before its form is used (/login,
 * docs/PERFORMANCE.md#contract-chunks) passes a loader (lazySchema), called at the first check.
 */
export type SchemaSource<In, Out> = ZodSchema<In, Out> | (() => Promise<ZodSchema<In, Out>>);

function resolverOf<In extends FieldValues, Out>(source: SchemaSource<In, Out>): Resolver<In, unknown, Out> {
  if (typeof source !== 'function') return zodResolver<In, unknown, Out, ZodSchema<In, Out>>(source);
  return async (values, context, options) => {
    let schema: ZodSchema<In, Out>;
    try {
      schema = await source();
    } catch {
      // Not loaded (the network, or a build replaced since the page opened): the form says so as
      // its one message, under `root`, and sends nothing; the next submit tries the import again.
      return { values: {}, errors: { root: { type: 'load', message: tr.app.pageLoadErrorText } } as FieldErrors<In> };
    }
    return zodResolver<In, unknown, Out, ZodSchema<In, Out>>(schema)(values, context, options);
  };
}

/**
 * A dashboard form's state (react-hook-form), checked on submit with a contract zod schema, the
 * rules and Turkish messages the server applies (docs/architecture/web.md#web). A field's message
 * stays until the field is changed, then goes until the next submit, however the new value reads.
 * Hand `form.handleSubmit(send)` to `<Form onSubmit>`: its promise holds the form's single flight
 * until `send`'s own promise (the mutation's) settles. The first field with a message takes focus.
 */
export function useZodForm<In extends FieldValues, Out>(
  schema: SchemaSource<In, Out>,
  defaultValues: DefaultValues<In>,
): UseFormReturn<In, unknown, Out> {
  const form = useForm<In, unknown, Out>({
    resolver: resolverOf(schema),
    defaultValues,
    reValidateMode: 'onSubmit',
  });
  const { subscribe, clearErrors } = form;
  useEffect(() => subscribe({
    formState: { values: true },
    callback: ({ name }) => {
      if (name) clearErrors(name as Path<In>);
    },
  }), [subscribe, clearErrors]);
  return form;
}

/**
 * The first message among a form's errors (in the schema's order), nested ones included: for
 * forms that show one alert or banner instead of a message under each field.
 */
export function firstMessage(errors: FieldErrors): string | undefined {
  for (const [key, error] of Object.entries(errors) as [string, unknown][]) {
    if (key === 'ref' || !error || typeof error !== 'object') continue;
    const { message } = error as { message?: unknown };
    if (typeof message === 'string' && message) return message;
    const nested = firstMessage(error as FieldErrors);
    if (nested) return nested;
  }
  return undefined;
}
