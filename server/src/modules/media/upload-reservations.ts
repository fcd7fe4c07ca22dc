/** One upload's share of its customer's storage while it streams. */
export type UploadReservation = {
  /** Takes `bytes` more, or answers false when they would not fit. */
  reserve(bytes: number): boolean;
  /** Gives the bytes back; `stored`: the file is now a media row, so it counts as stored. */
  close(stored: boolean): void;
};

type Owner = { stored: number; inFlight: number; uploads: number };

/**
 * Bytes of the uploads in flight on this instance, per customer (docs/OPERATIONS.md#uploads): an
 * upload is cut off as soon as what the customer stores plus everything they are uploading right
 * now would pass their limit, not once the whole file is on disk. Per instance: a customer's
 * parallel uploads on other instances are not counted here, and the check in the writing
 * transaction (limits.ts) still decides.
 */
export class UploadReservations {
  private readonly owners = new Map<string, Owner>();

  /** `stored`: the customer's media bytes, read just now; `limit`: what their package allows. */
  open(ownerId: string, stored: number, limit: number): UploadReservation {
    let owner = this.owners.get(ownerId);
    if (!owner) this.owners.set(ownerId, (owner = { stored, inFlight: 0, uploads: 0 }));
    // The newest reading counts the uploads stored (and the media deleted) since the last one.
    else owner.stored = stored;
    owner.uploads++;
    const o = owner;
    let mine = 0;
    let open = true;
    return {
      reserve: (bytes) => {
        if (o.stored + o.inFlight + bytes > limit) return false;
        o.inFlight += bytes;
        mine += bytes;
        return true;
      },
      close: (stored) => {
        if (!open) return;
        open = false;
        o.inFlight -= mine;
        if (stored) o.stored += mine;
        if (--o.uploads === 0) this.owners.delete(ownerId);
      },
    };
  }
}
