/** The back office's reports. */
import { GstQuery, GstSummary, OrdersCsvQuery } from '../admin-reports';
import { endpoints, get } from './define';

export const adminReportEndpoints = endpoints(['admin'], {
  // CSV attachments, and the month's GST summary.
  'admin.reports.ordersCsv': get('/admin/reports/orders.csv', 'reports.read', { query: OrdersCsvQuery }),
  'admin.reports.gst': get('/admin/reports/gst', 'reports.read', { query: GstQuery, response: GstSummary }),
  'admin.reports.gstCsv': get('/admin/reports/gst.csv', 'reports.read', { query: GstQuery }),
});
