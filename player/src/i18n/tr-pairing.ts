/**
 * The pairing form's texts (device/pairing-view.tsx): loaded with the form, not with the player's
 * first load (docs/PERFORMANCE.md, P6). Not in the spec, worded to match its tone.
 */
export const trPairing = {
  pairTitle: 'Ekran Eşleştirme',
  pairIntro: 'Paketinizdeki mobil kodu girerek bu cihazı hesabınıza bağlayın.',
  mobileCodeLabel: 'Mobil kod',
  pairButton: 'Eşleştir',
  pairing: 'Eşleştiriliyor...',
  mobileCodeRequired: 'Lütfen mobil kodu girin',
  chooseScreen: 'Bu cihazda gösterilecek ekranı seçin',
  noScreens: 'Hesabınızda ekran bulunamadı. Önce panelden bir ekran ekleyin.',
  refreshScreens: 'Listeyi Yenile',
} as const;
