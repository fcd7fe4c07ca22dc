/**
 * What a page says to a member whose role cannot do its main action
 * (docs/architecture/accounts.md#roles). Apart from tr.ts: only the pages that say it load it.
 */
export const trRoles = {
  /** /assignment below a publisher: what is assigned shows, nothing is assigned. */
  assignNeedsPublisher: "Atama yapmak için 'Yayıncı' yetkisi gerekir.",
  /** /alerts below a publisher: the alerts and their confirmations show, nothing is sent or ended. */
  alertsNeedPublisher: "Duyuru göndermek ve bitirmek için 'Yayıncı' yetkisi gerekir; gönderilen duyuruları burada izleyebilirsiniz.",
  /** /packages and /purchase for anyone but the owner. */
  ownerBuys: "Paketleri yalnızca hesabın sahibi ('Sahip') satın alabilir.",
};
