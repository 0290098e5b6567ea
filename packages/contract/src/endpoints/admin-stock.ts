/** The back office's stock grid and the shop's settings. */
import { LowStockBody } from '../admin-orders';
import { SettingsBody, SettingsSaved, ShopSettings } from '../admin-settings';
import { SaleBody, SaleResult, StockPage, StockQuery, StockSaveBody, StockSaveResult } from '../admin-stock';
import { WaitingPage, WaitingQuery } from '../back-in-stock';
import { MessageBody } from '../common';
import { endpoints, get, post, put } from './define';

export const adminStockEndpoints = endpoints(['admin'], {
  'admin.stock.get': get('/admin/stock', 'stock.read', { query: StockQuery, response: StockPage }),
  'admin.stock.save': post('/admin/stock', 'catalog.write', { body: StockSaveBody, response: StockSaveResult }),
  'admin.stock.sale': post('/admin/stock/sale', 'catalog.write', { body: SaleBody, response: SaleResult }),
  // Who waits for a sold-out size (docs/back-office.md 'Back in stock'): staff see it, as they see the grid.
  'admin.backInStock.list': get('/admin/back-in-stock', 'stock.read', { query: WaitingQuery, response: WaitingPage }),
  'admin.settings.get': get('/admin/settings', 'settings.read', { response: ShopSettings }),
  'admin.settings.save': put('/admin/settings', 'settings.write', { body: SettingsBody, response: SettingsSaved }),
  'admin.settings.lowStock': put('/admin/settings/low-stock', 'settings.write', {
    body: LowStockBody,
    response: MessageBody,
  }),
});
