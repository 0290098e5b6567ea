import { zodResolver } from '@hookform/resolvers/zod';
import { MESSAGES, Phone, PersonName, type User } from '@shop/contract';
import { useMutation } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { PageHeading, buttonClass } from '~/components/account/page-heading';
import { TextField } from '~/components/forms/fields';
import { ApiError, api } from '~/lib/api';
import { useAuth } from '~/lib/auth';
import { toast } from '~/lib/toast';

export const meta = () => [{ title: 'My Profile | Little Loom' }, { name: 'robots', content: 'noindex' }];

const ProfileForm = z.object({
  name: PersonName.min(1, 'name is required'),
  phone: z.union([z.literal(''), Phone]),
});
type ProfileFields = z.infer<typeof ProfileForm>;

export default function ProfilePage() {
  const { user, updateUser } = useAuth();
  const { register, handleSubmit, formState } = useForm<ProfileFields>({
    resolver: zodResolver(ProfileForm),
    defaultValues: { name: user?.name ?? '', phone: user?.phone ?? '' },
  });
  const save = useMutation({
    mutationFn: (fields: ProfileFields) =>
      api<{ message: string; user: User }>('/user/update', { method: 'PUT', body: { id: user!.id, ...fields } }),
    onSuccess: (res) => {
      updateUser(res.user);
      toast.success(MESSAGES.profileUpdated);
    },
    onError: (err) =>
      toast.error(err instanceof ApiError && err.status === 400 ? err.firstError : 'Error Adding Contact !'),
  });
  if (!user) return null;
  return (
    <div className="container-shop max-w-xl py-10">
      <PageHeading title="My Profile" />
      <form
        noValidate
        className="space-y-5 rounded-3xl bg-white p-6 shadow-sm sm:p-8"
        onSubmit={(e) => void handleSubmit((f) => save.mutate(f))(e)}
      >
        <TextField label="Name" autoComplete="name" error={formState.errors.name?.message} {...register('name')} />
        <TextField
          label="Email"
          type="email"
          value={user.email}
          disabled
          readOnly
          hint="Your email is your sign-in and cannot be changed."
        />
        <TextField
          label="Phone"
          type="tel"
          inputMode="numeric"
          autoComplete="tel-national"
          error={formState.errors.phone?.message}
          {...register('phone')}
        />
        <button type="submit" className={`${buttonClass.primary} w-full`} disabled={save.isPending}>
          {save.isPending ? 'Updating...' : 'Update Profile'}
        </button>
      </form>
    </div>
  );
}
