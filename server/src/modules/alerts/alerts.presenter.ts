import type { TAlert, TAlertActor, TAlertDetail } from '@pano/contract';
import { compareTr } from '@pano/contract/text-case';
import { isAlertActive } from './active-alert.js';

type Person = { id: string; email: string; firstName: string | null; lastName: string | null };
type Key = { id: string; name: string };

export const alertInclude = {
  media: { select: { id: true, name: true } },
  createdByUser: { select: { id: true, email: true, firstName: true, lastName: true } },
  createdByKey: { select: { id: true, name: true } },
  endedByUser: { select: { id: true, email: true, firstName: true, lastName: true } },
  endedByKey: { select: { id: true, name: true } },
  _count: { select: { targets: true } },
} as const;

export type AlertRow = {
  id: string;
  title: string;
  message: string;
  background: string;
  textColor: string;
  sound: boolean;
  allScreens: boolean;
  requestedScreenIds: string[];
  requestedGroupIds: string[];
  startedAt: Date;
  endsAt: Date | null;
  endedAt: Date | null;
  media: { id: string; name: string } | null;
  createdByUser: Person | null;
  createdByKey: Key | null;
  endedByUser: Person | null;
  endedByKey: Key | null;
  _count: { targets: number };
};

const personName = (p: Person) => [p.firstName, p.lastName].filter(Boolean).join(' ') || p.email;

function actor(user: Person | null, key: Key | null): TAlertActor | null {
  if (user) return { kind: 'user', _id: user.id, name: personName(user) };
  if (key) return { kind: 'apiKey', _id: key.id, name: key.name };
  return null;
}

export function presentAlert(a: AlertRow, acknowledged: number, now: Date): TAlert {
  const active = isAlertActive(a, now);
  return {
    _id: a.id,
    title: a.title,
    message: a.message,
    background: a.background,
    textColor: a.textColor,
    media: a.media ? { _id: a.media.id, name: a.media.name } : null,
    sound: a.sound,
    all: a.allScreens,
    screens: a.requestedScreenIds,
    groups: a.requestedGroupIds,
    startedAt: a.startedAt.toISOString(),
    endsAt: a.endsAt?.toISOString() ?? null,
    endedAt: active ? null : (a.endedAt ?? a.endsAt)!.toISOString(),
    active,
    targetCount: a._count.targets,
    acknowledgedCount: acknowledged,
    createdBy: actor(a.createdByUser, a.createdByKey),
    endedBy: actor(a.endedByUser, a.endedByKey),
  };
}

export type AckScreenRow = { id: string; name: string; online: boolean; acknowledgedAt: Date | null; latencyMs: number | null };

/** The screens still to confirm first (what the sender watches), then by name. */
export function presentAlertDetail(a: AlertRow, screens: AckScreenRow[], now: Date): TAlertDetail {
  const sorted = [...screens].sort((x, y) =>
    Number(x.acknowledgedAt !== null) - Number(y.acknowledgedAt !== null)
    || compareTr(x.name, y.name) || (x.id < y.id ? -1 : 1));
  const acknowledged = screens.filter((s) => s.acknowledgedAt).length;
  return {
    ...presentAlert(a, acknowledged, now),
    acks: {
      total: screens.length,
      acknowledged,
      screens: sorted.map((s) => ({
        _id: s.id, name: s.name, online: s.online, acknowledgedAt: s.acknowledgedAt?.toISOString() ?? null, latencyMs: s.latencyMs,
      })),
    },
  };
}
