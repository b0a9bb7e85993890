import { defineEntity, p, type InferEntity } from '@mikro-orm/core';

/** Installation-wide values the app generates itself, such as the session secret when none is configured. */
export const AppSettingEntity = defineEntity({
  name: 'AppSetting',
  tableName: 'app_settings',
  properties: {
    key: p.string().length(100).primary(),
    value: p.text(),
  },
});
export type AppSetting = InferEntity<typeof AppSettingEntity>;
