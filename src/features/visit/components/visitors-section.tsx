import { VISITORS_MAX } from '@contract/visit-values';
import { Trans, useLingui } from '@lingui/react/macro';
import { useEffect, useRef } from 'react';
import { Field, FieldError, fieldProps } from '@/ui/field';
import { visitFieldId } from '../form/visit-errors';
import { emptyVisitor, type VisitorValues } from '../form/visit-values';
import { DictionaryField, YesNoField } from './choice-fields';
import { FormSection } from './form-section';

interface VisitorsSectionProps {
  visitors: VisitorValues[];
  errors: Record<string, string>;
  disabled: boolean;
  onChange: (visitors: VisitorValues[]) => void;
}

type Focus = { key: string; control: 'name' | 'up' | 'down' } | { key: 'add' };

/**
 * The visitor list (at least one; SPEC.md section 5): each visitor edited in place, moved up or
 * down and removed with buttons, so a phone without a mouse (or a keyboard alone) does all of
 * it. Focus follows the visitor that moved, and goes to the next one after a removal.
 */
export function VisitorsSection({ visitors, errors, disabled, onChange }: VisitorsSectionProps) {
  const { t } = useLingui();
  // Where the focus goes once the changed list is on screen: set by the buttons, taken after
  // the next commit. It draws nothing, so it is a ref, not state.
  const focusNext = useRef<Focus | null>(null);
  useEffect(() => {
    const focus = focusNext.current;
    if (!focus) return;
    focusNext.current = null;
    const control = 'control' in focus ? focus.control : null;
    const at = visitors.findIndex((v) => v.key === focus.key);
    const id =
      control === null
        ? 'visit-visitors-add'
        : control === 'name'
          ? visitFieldId(`visitors.${at}.name`)
          : `visitor-${focus.key}-${control}`;
    const el = document.getElementById(id) as HTMLButtonElement | HTMLInputElement | null;
    // A move to an end disables that way: its other button takes the focus.
    if (el && !el.disabled) el.focus();
    else if (control === 'up' || control === 'down')
      document.getElementById(`visitor-${focus.key}-${control === 'up' ? 'down' : 'up'}`)?.focus();
  }, [visitors]);

  const patch = (index: number, change: Partial<VisitorValues>) =>
    onChange(visitors.map((v, i) => (i === index ? { ...v, ...change } : v)));
  const move = (index: number, by: -1 | 1) => {
    const next = [...visitors];
    const [moved] = next.splice(index, 1);
    next.splice(index + by, 0, moved!);
    onChange(next);
    focusNext.current = { key: moved!.key, control: by < 0 ? 'up' : 'down' };
  };
  const remove = (index: number) => {
    const next = visitors.filter((_, i) => i !== index);
    onChange(next);
    const after = next[index] ?? next[index - 1];
    focusNext.current = after ? { key: after.key, control: 'name' } : { key: 'add' };
  };
  const add = () => {
    const visitor = emptyVisitor();
    onChange([...visitors, visitor]);
    focusNext.current = { key: visitor.key, control: 'name' };
  };

  const count = visitors.length;
  return (
    <FormSection
      id="visit-section-visitors"
      title={t`来访人员`}
      description={t`共 ${count} 人。同一手机号只能登记一次；审核通过后，每位来访人员凭本人手机号在“访客登录”获取开门二维码。`}
    >
      <FieldError id={visitFieldId('visitors')} error={errors.visitors} />
      <ol className="space-y-4">
        {visitors.map((visitor, index) => (
          <li key={visitor.key}>
            <VisitorCard
              visitor={visitor}
              index={index}
              count={count}
              errors={errors}
              disabled={disabled}
              onPatch={(change) => patch(index, change)}
              onMove={(by) => move(index, by)}
              onRemove={() => remove(index)}
            />
          </li>
        ))}
      </ol>
      <button
        id="visit-visitors-add"
        type="button"
        className="btn btn-secondary w-full sm:w-auto"
        onClick={add}
        disabled={disabled || count >= VISITORS_MAX}
      >
        <Trans>添加来访人员</Trans>
      </button>
    </FormSection>
  );
}

interface VisitorCardProps {
  visitor: VisitorValues;
  index: number;
  count: number;
  errors: Record<string, string>;
  disabled: boolean;
  onPatch: (change: Partial<VisitorValues>) => void;
  onMove: (by: -1 | 1) => void;
  onRemove: () => void;
}

function VisitorCard({ visitor, index, count, errors, disabled, onPatch, onMove, onRemove }: VisitorCardProps) {
  const { t } = useLingui();
  const n = index + 1;
  const who = visitor.name.trim() || t`第 ${n} 位`;
  const path = (name: string) => `visitors.${index}.${name}`;
  const input = (name: 'name' | 'certificateNo' | 'phone', max: number) => {
    const id = visitFieldId(path(name));
    return {
      ...fieldProps(id, errors[path(name)]),
      className: 'input',
      maxLength: max,
      value: visitor[name],
      disabled,
      'aria-required': true,
      onChange: (e: { target: { value: string } }) => onPatch({ [name]: e.target.value }),
    };
  };

  return (
    <fieldset className="rounded-lg border border-slate-200 p-4">
      <legend className="px-1 text-sm font-semibold text-slate-800">
        {visitor.name.trim() ? (
          <Trans>
            来访人员 {n}：{who}
          </Trans>
        ) : (
          <Trans>来访人员 {n}</Trans>
        )}
      </legend>
      <div className="grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-3">
        <Field id={visitFieldId(path('name'))} label={t`姓名`} required error={errors[path('name')]}>
          <input type="text" autoComplete="off" {...input('name', 50)} />
        </Field>
        <DictionaryField
          type="gender"
          path={path('gender')}
          label={t`性别`}
          required
          value={visitor.gender}
          onChange={(gender) => onPatch({ gender })}
          error={errors[path('gender')]}
          disabled={disabled}
        />
        <DictionaryField
          type="certificateType"
          path={path('certificateType')}
          label={t`证件类型`}
          required
          value={visitor.certificateType}
          onChange={(certificateType) => onPatch({ certificateType })}
          error={errors[path('certificateType')]}
          disabled={disabled}
        />
        <Field id={visitFieldId(path('certificateNo'))} label={t`证件号码`} required error={errors[path('certificateNo')]}>
          <input type="text" autoComplete="off" autoCapitalize="characters" spellCheck={false} {...input('certificateNo', 32)} />
        </Field>
        <Field id={visitFieldId(path('phone'))} label={t`手机号`} required error={errors[path('phone')]}>
          <input type="tel" inputMode="numeric" autoComplete="off" {...input('phone', 11)} />
        </Field>
        <YesNoField
          path={path('lodging')}
          label={t`是否住宿`}
          value={visitor.lodging}
          onChange={(lodging) => onPatch({ lodging })}
          error={errors[path('lodging')]}
        />
        <YesNoField
          path={path('meal')}
          label={t`是否用餐`}
          value={visitor.meal}
          onChange={(meal) => onPatch({ meal, ...(meal === 'no' ? { mealType: '' } : {}) })}
          error={errors[path('meal')]}
        />
        {visitor.meal === 'yes' ? (
          <DictionaryField
            type="mealType"
            path={path('mealType')}
            label={t`用餐类型`}
            required
            value={visitor.mealType}
            onChange={(mealType) => onPatch({ mealType })}
            error={errors[path('mealType')]}
            disabled={disabled}
          />
        ) : null}
      </div>
      <div className="mt-4 flex flex-wrap gap-2 border-t border-slate-100 pt-3">
        <button
          id={`visitor-${visitor.key}-up`}
          type="button"
          className="btn btn-ghost btn-sm"
          disabled={disabled || index === 0}
          onClick={() => onMove(-1)}
          aria-label={t`上移 ${who}`}
        >
          <Trans>上移</Trans>
        </button>
        <button
          id={`visitor-${visitor.key}-down`}
          type="button"
          className="btn btn-ghost btn-sm"
          disabled={disabled || index === count - 1}
          onClick={() => onMove(1)}
          aria-label={t`下移 ${who}`}
        >
          <Trans>下移</Trans>
        </button>
        <button
          type="button"
          className="btn btn-ghost btn-sm ml-auto text-red-700 hover:bg-red-50"
          disabled={disabled || count === 1}
          onClick={onRemove}
          aria-label={t`删除 ${who}`}
        >
          <Trans>删除</Trans>
        </button>
      </div>
    </fieldset>
  );
}
