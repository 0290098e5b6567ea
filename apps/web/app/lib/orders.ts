import type { Order } from '@shop/contract';
import { useQuery } from '@tanstack/react-query';
import { api } from './api';
import { useAuth } from './auth';

export function useOrders() {
  const { status, user } = useAuth();
  return useQuery({
    queryKey: ['orders', user?.id ?? null],
    queryFn: async () => (await api<{ data: Order[] }>('/orders')).data,
    enabled: status === 'signed-in',
  });
}

export function useOrder(id: number | null) {
  const { status, user } = useAuth();
  return useQuery({
    queryKey: ['order', user?.id ?? null, id],
    queryFn: async () => (await api<{ data: Order }>(`/orders/${id}`)).data,
    enabled: status === 'signed-in' && id !== null,
  });
}

/** The order id a page was sent with: `?order=<id>` (reload-safe), or navigation state. */
export function orderIdFrom(search: string, state: unknown): number | null {
  const fromUrl = Number(new URLSearchParams(search).get('order'));
  if (Number.isInteger(fromUrl) && fromUrl > 0) return fromUrl;
  const fromState =
    (state as { order?: { id?: number }; order_id?: number } | null)?.order?.id ??
    (state as { order_id?: number } | null)?.order_id;
  return typeof fromState === 'number' ? fromState : null;
}

const pad = (n: number) => String(n).padStart(2, '0');

/** Spec §2: DD-MM-YYYY hh:mm A, in the shopper's time. */
export function formatOrderDate(iso: string): string {
  const d = new Date(iso);
  const hours = d.getHours() % 12 || 12;
  return `${pad(d.getDate())}-${pad(d.getMonth() + 1)}-${d.getFullYear()} ${pad(hours)}:${pad(d.getMinutes())} ${d.getHours() < 12 ? 'AM' : 'PM'}`;
}
