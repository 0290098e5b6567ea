import type { Address } from '@shop/contract';
import { useQuery } from '@tanstack/react-query';
import { api } from './api';
import { useAuth } from './auth';

export function useAddresses() {
  const { status, user } = useAuth();
  return useQuery({
    queryKey: ['addresses', user?.id ?? null],
    queryFn: async () => (await api<{ data: Address[] }>('/address')).data,
    enabled: status === 'signed-in',
  });
}

/** One line for an address card or a summary. */
export const addressLine = (a: Address) =>
  `${a.address}, ${a.locality}, ${a.city}, ${a.state} ${a.pincode}, ${a.country}`;
