import type { TAlert, TAlertActor, TAlertDetail } from '@pano/contract';
import { compareTr } from '@pano/contract/text-case';
import { isAlertActive } from './active-alert.js';
import type { AlertDetail, AlertState, Key, Person } from './alerts.service.js';
import { presentRef } from '../../http/present-refs.js';

const personName = (p: Person) => [p.firstName, p.lastName].filter(Boolean).join(' ') || p.email;

function actor(user: Person | null, key: Key | null, feed: { id: string; url: string } | null = null): TAlertActor | null {
  if (user) return { kind: 'user', _id: user.id, name: personName(user) };
  if (key) return { kind: 'apiKey', _id: key.id, name: key.name };
  if (feed) return { kind: 'capFeed', _id: feed.id, name: new URL(feed.url).host };
  return null;
}

export function presentAlert({ row: a, acknowledged, now }: AlertState): TAlert {
  const active = isAlertActive(a, now);
  return {
    _id: a.id,
    title: a.title,
    message: a.message,
    background: a.background,
    textColor: a.textColor,
    media: presentRef(a.media),
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
    createdBy: actor(a.createdByUser, a.createdByKey, a.capMessages[0]?.feed),
    endedBy: actor(a.endedByUser, a.endedByKey),
  };
}

/** The screens still to confirm first (what the sender watches), then by name. */
export function presentAlertDetail({ row, screens, now }: AlertDetail): TAlertDetail {
  const sorted = [...screens].sort((x, y) =>
    Number(x.acknowledgedAt !== null) - Number(y.acknowledgedAt !== null)
    || compareTr(x.name, y.name) || (x.id < y.id ? -1 : 1));
  const acknowledged = screens.filter((s) => s.acknowledgedAt).length;
  return {
    ...presentAlert({ row, acknowledged, now }),
    acks: {
      total: screens.length,
      acknowledged,
      screens: sorted.map((s) => ({
        _id: s.id, name: s.name, online: s.online, acknowledgedAt: s.acknowledgedAt?.toISOString() ?? null, latencyMs: s.latencyMs,
      })),
    },
  };
}
