/**
 * The texts of /media's resumable uploads: the drop area, a row per file, the unfinished
 * uploads of an earlier visit (docs/PRODUCT.md#media). Apart from tr.ts so they load with the
 * media page's chunk, not with every page's first load.
 */
export const trUploads = {
  dropTitle: 'Dosyaları buraya sürükleyip bırakın',
  dropActive: 'Bırakın, yüklensin',
  dropHint: 'Birden çok dosya seçer ya da bırakırsanız her biri dosya adıyla hemen yüklenir; adını yüklenirken değiştirebilirsiniz.',
  listTitle: 'Yüklemeler',
  nameFor: (fileName: string) => `${fileName} için medya adı`,
  progressFor: (fileName: string) => `${fileName} yükleme ilerlemesi`,
  queued: 'Sırada',
  starting: 'Başlıyor…',
  paused: 'Duraklatıldı',
  retrying: 'Bağlantı kesildi; bağlantı gelince kaldığı yerden sürecek…',
  finishing: 'Tamamlanıyor…',
  /** '12,4 MB/sn · 1 dk 20 sn kaldı' */
  speed: (rate: string, left: string | null) => (left ? `${rate} · ${left} kaldı` : rate),
  sizeOf: (sent: string, total: string) => `${sent} / ${total}`,
  pause: 'Duraklat',
  resume: 'Sürdür',
  actionFor: (action: string, name: string) => `${action}: ${name}`,
  failed: 'Yüklenemedi',
  renameFailed: (reason: string) => `Dosya yüklendi ama adı değiştirilemedi: ${reason}`,
  unfinishedTitle: 'Yarıda kalan yüklemeler',
  unfinishedHint: 'Bu dosyaların yüklemesi tamamlanmadı. Aynı dosyayı yeniden seçer ya da bırakırsanız kaldığı yerden sürer.',
  unfinishedItem: (fileName: string, name: string, size: string) => `${fileName} (${name}, ${size})`,
  discard: 'Vazgeç',
  /** docs/PRODUCT.md#replacing-a-file: a media card's new file. */
  replace: 'Dosyayı Değiştir',
  replaceFor: (name: string) => `Dosyayı Değiştir: ${name}`,
  replacementRow: (name: string) => `${name}: yeni dosya`,
  replaceUploading: (percent: number) => `Yeni dosya yükleniyor %${percent}`,
  replacing: (percent: number) => `Değiştiriliyor %${percent}`,
  replacingLabel: 'Değiştirme ilerlemesi',
  replaceFailed: (reason: string) => `Dosya değiştirilemedi: ${reason}`,
};
