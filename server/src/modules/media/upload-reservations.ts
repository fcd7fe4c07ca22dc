/** One upload's share of its customer's storage while it streams. */
export type UploadReservation = {
  /** Takes `bytes` more, or answers false when they would not fit. */
  reserve(bytes: number): boolean;
  /** Gives the bytes back; `stored`: the file is now a media row, so it counts as stored. */
  close(stored: boolean): void;
};

/** The file a replacement upload takes the place of: its bytes go when the upload is stored. */
export type Freed = { mediaId: string; bytes: number };

/** Per replaced item: the bytes its file frees, and how many open uploads replace it. */
type Credit = { bytes: number; uploads: number };

type Owner = { stored: number; inFlight: number; uploads: number; credits: Map<string, Credit> };

/** What the replaced files of an owner's open uploads free: each item once, however many replace it. */
const freedOf = (o: Owner) => [...o.credits.values()].reduce((sum, c) => sum + c.bytes, 0);

/**
 * Bytes of the uploads in flight on this instance, per customer (docs/OPERATIONS.md#uploads): an
 * upload is cut off as soon as what the customer stores plus everything they are uploading right
 * now would pass their limit, not once the whole file is on disk. A replacement's old file counts
 * as freed for all of them (docs/PRODUCT.md#replacing-a-file). Per instance: a customer's
 * parallel uploads on other instances are not counted here, and the check in the writing
 * transaction (limits.ts) still decides.
 */
export class UploadReservations {
  private readonly owners = new Map<string, Owner>();

  /**
   * `stored`: the customer's media bytes, read just now; `limit`: what their package allows;
   * `freed`: the file this upload replaces.
   */
  open(ownerId: string, stored: number, limit: number, freed?: Freed): UploadReservation {
    let owner = this.owners.get(ownerId);
    if (!owner) this.owners.set(ownerId, (owner = { stored, inFlight: 0, uploads: 0, credits: new Map() }));
    // The newest reading counts the uploads stored (and the media deleted) since the last one.
    else owner.stored = stored;
    owner.uploads++;
    const o = owner;
    let credit: Credit | undefined;
    if (freed) {
      credit = o.credits.get(freed.mediaId) ?? { bytes: freed.bytes, uploads: 0 };
      credit.uploads++;
      o.credits.set(freed.mediaId, credit);
    }
    let mine = 0;
    let open = true;
    return {
      reserve: (bytes) => {
        if (o.stored + o.inFlight + bytes > limit + freedOf(o)) return false;
        o.inFlight += bytes;
        mine += bytes;
        return true;
      },
      close: (stored) => {
        if (!open) return;
        open = false;
        o.inFlight -= mine;
        if (stored) o.stored += mine;
        if (credit && freed) {
          // Stored, the new file took the old one's place: the item now frees what this one stored.
          if (stored) {
            o.stored -= credit.bytes;
            credit.bytes = mine;
          }
          if (--credit.uploads === 0) o.credits.delete(freed.mediaId);
        }
        if (--o.uploads === 0) this.owners.delete(ownerId);
      },
    };
  }
}
