import * as parser from 'socket.io-parser';

/**
 * docs/PERFORMANCE.md (P1): an event argument whose JSON text is already written. A push to
 * thousands of screens would otherwise JSON.stringify (and scan for binaries) one ~6 KB config
 * per screen; its JSON is instead spliced from the per-screen head and the body shared by every
 * screen showing the same content (config-push.ts). A plain object, not a class, so it
 * survives the Redis adapter's msgpack unchanged.
 */
export type PreEncodedJson = { readonly preEncodedJson: string };

export const preEncoded = (json: string): PreEncodedJson => ({ preEncodedJson: json });

const isPreEncoded = (v: unknown): v is PreEncodedJson =>
  typeof v === 'object' && v !== null && typeof (v as PreEncodedJson).preEncodedJson === 'string' && Object.keys(v).length === 1;

/**
 * socket.io's own encoder, except that an event `[name, PreEncodedJson]` on the main namespace
 * without an ack is written as `2["name",<json>]`: the same bytes JSON.stringify would give for
 * the parsed value, so clients decode it with the standard parser.
 */
class PreEncodingEncoder extends parser.Encoder {
  override encode(packet: parser.Packet): ReturnType<parser.Encoder['encode']> {
    const data: unknown = packet.data;
    if (packet.type === parser.PacketType.EVENT && (packet.nsp ?? '/') === '/' && packet.id == null
      && Array.isArray(data) && data.length === 2 && typeof data[0] === 'string' && isPreEncoded(data[1])) {
      return [`${parser.PacketType.EVENT}[${JSON.stringify(data[0])},${data[1].preEncodedJson}]`];
    }
    return super.encode(packet);
  }
}

/** The `parser` option of every Pano socket.io Server (API and worker). */
export const preEncodingParser = { ...parser, Encoder: PreEncodingEncoder };
