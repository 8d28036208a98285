import { SetMetadata } from '@nestjs/common';
import type { StaffRole } from '@lead-desk/contracts';

export const PUBLIC_ROUTE = 'leadDesk:publicRoute';
export const REQUIRED_ROLES = 'leadDesk:requiredRoles';

/** Open to anyone, also in staff mode (the customer demo, health, the webhook with its own secret). */
export const Public = () => SetMetadata(PUBLIC_ROUTE, true);

/** In staff mode, only these roles may call the route (any signed-in staff when absent). */
export const Roles = (...roles: StaffRole[]) => SetMetadata(REQUIRED_ROLES, roles);
