// Visits of a building (the daily plan's records).
import type { Visit } from '../../../src/lib/domain/entities.ts';
import { resource } from '../db/records.ts';
import { specs } from '../db/specs.ts';

export const visits = resource<Visit>(specs.visits);
