/*
 * What a webhook message says of the things it is about (docs/architecture/webhooks.md#events):
 * one shape per kind of thing, whichever event carries it.
 */

export const alertHookData = (a: { id: string; title: string; message: string; startedAt: Date; endsAt: Date | null; endedAt: Date | null }) => ({
  _id: a.id, title: a.title, message: a.message, startedAt: a.startedAt.toISOString(),
  endsAt: a.endsAt?.toISOString() ?? null, endedAt: a.endedAt?.toISOString() ?? null,
});

export const mediaHookData = (m: { id: string; name: string; kind: string }) => ({ _id: m.id, name: m.name, kind: m.kind });

export const screenHookData = (s: { id: string; name: string }) => ({ _id: s.id, name: s.name });
