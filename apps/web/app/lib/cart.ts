import type { CartBody, CartLine, WishlistBody, WishlistItem } from '@shop/contract';
import { MESSAGES } from './contract-lite';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from './api';
import { useAuth } from './auth';
import { toast } from './toast';

/** The cart belongs to whoever is signed in, so it refetches when the login changes (spec §4). */
export function useCart() {
  const { status, user } = useAuth();
  return useQuery({
    queryKey: ['cart', user?.id ?? null],
    queryFn: async () => (await api<{ data: CartLine[] }>('/carts')).data,
    enabled: status === 'signed-in',
  });
}

/**
 * Sets a line's quantity (0 removes it). The change shows at once and is
 * rolled back, with the server's reason, if the server refuses.
 */
export function useSetCartLine() {
  const queryClient = useQueryClient();
  const { user } = useAuth();
  const key = ['cart', user?.id ?? null];
  return useMutation({
    mutationFn: async (body: CartBody) =>
      (await api<{ message: string; data: CartLine[] }>('/carts', { method: 'POST', body })).data,
    onMutate: async (body) => {
      await queryClient.cancelQueries({ queryKey: key });
      const before = queryClient.getQueryData<CartLine[]>(key);
      if (before) {
        const next =
          body.quantity === 0
            ? before.filter((l) => l.product_variant_id !== body.product_variant_id)
            : before.map((l) =>
                l.product_variant_id === body.product_variant_id ? { ...l, quantity: body.quantity } : l,
              );
        queryClient.setQueryData(key, next);
      }
      return { before };
    },
    onError: (err, _body, context) => {
      if (context?.before) queryClient.setQueryData(key, context.before);
      toast.apiError(err);
    },
    onSuccess: (lines) => queryClient.setQueryData(key, lines),
  });
}

export function useWishlist() {
  const { status, user } = useAuth();
  return useQuery({
    queryKey: ['wishlist', user?.id ?? null],
    queryFn: async () => (await api<{ data: WishlistItem[] }>('/wishlist')).data,
    enabled: status === 'signed-in',
  });
}

export function useWishlistChange() {
  const queryClient = useQueryClient();
  const { user } = useAuth();
  const key = ['wishlist', user?.id ?? null];
  const add = useMutation({
    mutationFn: (body: WishlistBody) => api('/wishlist', { method: 'POST', body }),
    onSuccess: () => {
      toast.success(MESSAGES.wishlistAdded);
      return queryClient.invalidateQueries({ queryKey: key });
    },
    onError: (err) => toast.apiError(err),
  });
  const remove = useMutation({
    mutationFn: (body: WishlistBody) => api<{ message: string }>('/wishlist/remove', { method: 'POST', body }),
    onSuccess: (res) => {
      toast.success(res.message);
      return queryClient.invalidateQueries({ queryKey: key });
    },
    onError: (err) => toast.apiError(err),
  });
  return { add, remove };
}
