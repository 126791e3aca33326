import { z } from 'zod';

/** Whether team leads approve their own team's requests (decision 0011). */
export const approvalSettingsSchema = z.object({ teamLeadsApproveTheirTeam: z.boolean() });
export type ApprovalSettings = z.infer<typeof approvalSettingsSchema>;
