import type { ReportInput } from '../../../worker/contracts/reports';
import { api } from '../request';

/** POST /api/report.php: a member or a visitor reports a profile, a photo or a message (answer 201, or a localized 4xx). */
export const reportContent = (body: ReportInput) => api.post('/api/report.php', body);
