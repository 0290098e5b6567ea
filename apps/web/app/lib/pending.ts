import { useNavigation } from 'react-router';

/**
 * Whether a form of this page is being sent (a `<Form>` navigation), from the
 * click until the next page shows: its button says 'Logging in...' and so on
 * (docs/product.md#messages). With `intent`, only the form that sent that intent.
 */
export function useSubmitting(intent?: string): boolean {
  const navigation = useNavigation();
  if (navigation.state === 'idle' || !navigation.formMethod || navigation.formMethod.toUpperCase() === 'GET') {
    return false;
  }
  return intent === undefined || navigation.formData?.get('intent') === intent;
}
