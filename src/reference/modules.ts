import type { Service } from '../protocol/operations.js';
import { commonModule } from './common/index.js';
import { lodgingModule } from './lodging/index.js';
import type { ModuleFactory } from './shared/module.js';
import { shoppingModule } from './shopping/index.js';

/** Every service module of the reference business, by service: one folder each. */
export const MODULES: Record<Service, ModuleFactory> = {
  shopping: shoppingModule,
  common: commonModule,
  lodging: lodgingModule,
};
