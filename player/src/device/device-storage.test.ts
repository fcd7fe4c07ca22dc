import { beforeEach, describe, expect, it } from 'vitest';
import { deviceStorage } from './device-storage.js';

describe('deviceStorage: a removed device keeps its old token for the next pairing', () => {
  beforeEach(() => localStorage.clear());

  it('forget() drops the credentials and the config but keeps the token aside until paired again', () => {
    deviceStorage.saveCredentials({ deviceToken: 'eski-anahtar', screenId: 's1' });
    expect(deviceStorage.previousDeviceToken()).toBeNull();
    deviceStorage.forget();
    expect(deviceStorage.credentials()).toBeNull();
    expect(deviceStorage.previousDeviceToken()).toBe('eski-anahtar');
    deviceStorage.forgetPreviousDevice();
    expect(deviceStorage.previousDeviceToken()).toBeNull();
  });

  it('forgetting a device that held no token keeps the one kept before', () => {
    deviceStorage.saveCredentials({ deviceToken: 'ilk', screenId: null });
    deviceStorage.forget();
    deviceStorage.forget();
    expect(deviceStorage.previousDeviceToken()).toBe('ilk');
  });
});
