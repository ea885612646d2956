import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context.ts';
import { authRoutes } from './auth.ts';
import { buildingRoutes } from './buildings.ts';
import { checkDepositRoutes } from './checkDeposit.ts';
import { checkRoutes } from './checks.ts';
import { feedbackRoutes } from './feedback.ts';
import { fileRoutes } from './files.ts';
import { itemRoutes } from './items.ts';
import { dailyPlanRoutes } from './dailyPlan.ts';
import { maintenanceRoutes } from './maintenance.ts';
import { meterRoutes } from './meters.ts';
import { providerRoutes } from './provider.ts';
import { serviceCallRoutes } from './serviceCalls.ts';
import { syncBatchRoutes } from './syncBatch.ts';
import { translateRoutes } from './translate.ts';
import { visitRoutes } from './visits.ts';

export function registerRoutes(app: FastifyInstance, ctx: AppContext): void {
  authRoutes(app, ctx);
  providerRoutes(app, ctx);
  fileRoutes(app, ctx);
  translateRoutes(app, ctx);
  buildingRoutes(app, ctx);
  serviceCallRoutes(app, ctx);
  meterRoutes(app, ctx);
  itemRoutes(app, ctx);
  dailyPlanRoutes(app, ctx);
  visitRoutes(app, ctx);
  maintenanceRoutes(app, ctx);
  checkRoutes(app, ctx);
  checkDepositRoutes(app, ctx);
  feedbackRoutes(app, ctx);
  syncBatchRoutes(app, ctx);
}
