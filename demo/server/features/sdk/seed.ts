/**
 * Demo businesses of the application protection product, with devices whose simulated sessions put one device on
 * each side of every rules §9 boundary: exactly 48 h and 50 launches (normal, not premium), exactly 8 h and 20
 * launches (risk, not normal), one over each, and devices short of one figure only. Sessions are whole milliseconds
 * that sum exactly to the hours shown, so the boundary cases compare exactly. "Shop app" routes through the served
 * website shop.example.com, so its data reports fill as the traffic simulator writes that website's lines.
 */
import { DEMO_MEMBER_ID } from '../../platform/demo-accounts.js';
import { scopeFor } from '../../platform/security/scope.js';
import { seedWording, type SeedModule } from '../../platform/seed-module.js';
import { DEFAULT_SDK_CONFIG, newAppKey } from './store.js';

const HOUR_MS = 3_600_000;

const TEXT = seedWording({
  zh_CN: { shop: '商城 App', game: '游戏客户端', shopRemark: '线上商城移动端', gameRemark: '手游登录与支付', release: '正式版', test: '测试版', ports: '游戏加速端口' },
  en_US: { shop: 'Shop app', game: 'Game client', shopRemark: 'Mobile storefront', gameRemark: 'Mobile game sign-in and payment', release: 'Release', test: 'Testing', ports: 'Game acceleration ports' },
});

/** The demo devices of the first business: hours online and launches, summed from their sessions. */
export const DEMO_SDK_DEVICES = [
  { key: 'a1f0c3e9d2b4', platform: 'android', model: 'Pixel 8', hours: 49, launches: 51 },
  { key: 'b27d915e0c4a', platform: 'ios', model: 'iPhone 15', hours: 48, launches: 50 },
  { key: 'c3e8a04f71d6', platform: 'android', model: 'Galaxy S24', hours: 48, launches: 51 },
  { key: 'd4b1f2c8e903', platform: 'ios', model: 'iPhone 14', hours: 49, launches: 50 },
  { key: 'e5c2d7a9b0f1', platform: 'android', model: 'Mi 14', hours: 9, launches: 21 },
  { key: 'f6d3e8b1c2a0', platform: 'android', model: 'Redmi Note 13', hours: 8, launches: 20 },
  { key: '07e4f9c2d3b1', platform: 'ios', model: 'iPad Air', hours: 8, launches: 21 },
  { key: '18f5a0d3e4c2', platform: 'android', model: 'Emulator x86', hours: 120, launches: 12 },
  { key: '29a6b1e4f5d3', platform: 'ios', model: 'iPhone SE', hours: 0.5, launches: 2 },
  { key: '3ab7c2f5a6e4', platform: 'android', model: 'OnePlus 12', hours: 300, launches: 400 },
] as const;

/** Seeds the businesses, their devices and sessions, a package, settings and keys. */
export const sdkSeed: SeedModule = {
  name: 'sdk',
  run({ db, now, language }) {
    const tenant = scopeFor(db, DEMO_MEMBER_ID);
    const text = TEXT[language];
    const domainId = (name: string) => tenant.get<{ id: number }>('domains', { columns: 'id', where: 'domain = @name', params: { name } })?.id ?? null;
    const business = (name: string, android: string, ios: string, remark: string, domain: string, age: number) =>
      tenant.insert('sdk_businesses', { name, android_package: android, ios_bundle: ios, remark, domain_id: domainId(domain), created_at: now - age, updated_at: now - age });
    const shop = business(text.shop, 'com.example.shop', 'com.example.shop', text.shopRemark, 'shop.example.com', 30 * 24 * HOUR_MS);
    const game = business(text.game, 'com.example.game', '', text.gameRemark, 'www.example.com', 10 * 24 * HOUR_MS);

    DEMO_SDK_DEVICES.forEach((device, index) => {
      const id = tenant.insert('sdk_devices', { business_id: shop, device_key: device.key, platform: device.platform, model: device.model });
      // Launches sessions summing exactly to the hours: equal whole-millisecond lengths, the remainder on the last.
      const total = Math.round(device.hours * HOUR_MS);
      const length = Math.floor(total / device.launches);
      let end = now - (index + 1) * 17 * 60_000;
      for (let launch = 0; launch < device.launches; launch++) {
        const duration = launch === 0 ? length + (total - length * device.launches) : length;
        tenant.insert('sdk_sessions', { device_id: id, started_at: end - duration, ended_at: end });
        end -= duration + 3 * HOUR_MS;
      }
    });
    const gameDevice = tenant.insert('sdk_devices', { business_id: game, device_key: '4bc8d3a6b7f5', platform: 'android', model: 'ROG Phone 8' });
    tenant.insert('sdk_sessions', { device_id: gameDevice, started_at: now - 2 * HOUR_MS, ended_at: now - HOUR_MS });

    tenant.insert('sdk_packages', {
      business_id: game,
      name: text.ports,
      protocol: 'udp',
      ports: JSON.stringify(Array.from({ length: 500 }, (_, offset) => 20_000 + offset)),
      source_ips: JSON.stringify(['203.0.113.40', '203.0.113.41']),
      source_port: 7000,
      created_at: now,
    });
    tenant.insert('sdk_configs', { business_id: shop, ...DEFAULT_SDK_CONFIG, cc_enabled: 1, block_emulators: 1, block_rooted: 0, updated_at: now });
    tenant.insert('sdk_keys', { business_id: shop, name: text.release, app_key: newAppKey(), created_at: now, rotated_at: null });
    tenant.insert('sdk_keys', { business_id: shop, name: text.test, app_key: newAppKey(), created_at: now, rotated_at: null });
  },
};
