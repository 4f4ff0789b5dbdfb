import { couponRequest, messages } from '@consultorio/shared';
import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Group, Paper, TextInput } from '@mantine/core';
import { useForm } from 'react-hook-form';
import { useApplyCoupon } from '../api/apply-coupon';

/**
 * Applies a coupon to the subscription. The server's answer (success or 'Cupom inválido ou
 * indisponível') is toasted by the query client; here a success clears the box and a
 * failure leaves the typed code to be corrected.
 */
export function CouponForm() {
  const applyCoupon = useApplyCoupon();
  const { register, handleSubmit, formState, reset } = useForm({
    resolver: zodResolver(couponRequest),
    defaultValues: { couponCode: '' },
  });
  const submit = handleSubmit(({ couponCode }) =>
    applyCoupon.mutate(couponCode, { onSuccess: () => reset({ couponCode: '' }) }),
  );

  return (
    <Paper p="lg">
      <form noValidate onSubmit={(event) => void submit(event)}>
        <Group align="flex-start">
          <TextInput
            label={messages.billing.coupon}
            placeholder={messages.billing.couponPlaceholder}
            autoComplete="off"
            style={{ flex: 1, minWidth: 200 }}
            error={formState.errors.couponCode?.message}
            {...register('couponCode')}
          />
          <Button type="submit" mt={25} disabled={applyCoupon.isPending}>
            {applyCoupon.isPending ? messages.billing.applyingCoupon : messages.billing.applyCoupon}
          </Button>
        </Group>
      </form>
    </Paper>
  );
}
