import { useCallback, useEffect, useRef, useState, type PointerEvent as ReactPointerEvent, type RefObject } from 'react';
import type { Task, TaskDue } from '@daybook/shared';
import { dropMinutes, timeOfMinutes } from './calendarLayout';

/** Spec §9's drag interaction: a mouse drag starts after a 5 px move, a touch drag after a 120 ms press. */
export const MOUSE_DRAG_DISTANCE = 5;
export const TOUCH_LONG_PRESS_MS = 120;
/** A finger that moves this far before the long press ends is scrolling or swiping, not dragging. */
const TOUCH_SLOP = 8;
/** The time grid scrolls while the pointer is this close to its top or bottom edge, up to 28 px a frame. */
const AUTO_SCROLL_EDGE = 40;
const AUTO_SCROLL_MAX_STEP = 28;

/** Where a dragged task would land: a day's all-day row (no time) or a time in its column. */
export type DropTarget = TaskDue & { dueDate: string };

export interface CalendarDrag {
  task: Task;
  target: DropTarget | null;
}

interface Press {
  task: Task;
  pointerId: number;
  pointerType: string;
  startX: number;
  startY: number;
  x: number;
  y: number;
  active: boolean;
  /** The pointer has been in the time grid away from its edges: the edges scroll it from now on. */
  armed: boolean;
  timer: ReturnType<typeof setTimeout> | null;
}

/**
 * The drop zone under a point: an element with `data-drop-date`, whose `data-drop-kind="time"` makes the
 * point's height in it a time (the quarter-hour slot under the pointer).
 */
export function dropTargetAt(x: number, y: number): DropTarget | null {
  const zone = document.elementFromPoint(x, y)?.closest<HTMLElement>('[data-drop-date]');
  const date = zone?.dataset.dropDate;
  if (!zone || !date) return null;
  if (zone.dataset.dropKind !== 'time') return { dueDate: date, dueTime: null };
  return { dueDate: date, dueTime: timeOfMinutes(dropMinutes(y - zone.getBoundingClientRect().top)) };
}

/** True when dropping there changes the task's due date or time. */
export const isMove = (task: Task, target: DropTarget | null): target is DropTarget =>
  target !== null && (target.dueDate !== task.dueDate || target.dueTime !== task.dueTime);

/**
 * Dragging tasks between days and times with pointer events (mouse, pen, touch): `startPress` on a
 * card's pointerdown; while a drag is on, `drag` names the task and where it would land; on release
 * `onDrop` gets the task and a target that moves it. Escape or a cancelled pointer ends a drag without
 * a move. The click that ends a drag does not open the task. `scroller` auto-scrolls near its edges.
 */
export function useCalendarDrag(onDrop: (task: Task, target: DropTarget) => void, scroller: RefObject<HTMLElement | null>) {
  const [drag, setDrag] = useState<CalendarDrag | null>(null);
  const press = useRef<Press | null>(null);
  const suppressClick = useRef(false);
  const frame = useRef<number | null>(null);
  const detach = useRef<(() => void) | null>(null);
  const onDropRef = useRef(onDrop);
  useEffect(() => {
    onDropRef.current = onDrop;
  }, [onDrop]);

  const stopAutoScroll = () => {
    if (frame.current !== null) cancelAnimationFrame(frame.current);
    frame.current = null;
  };

  const end = useCallback(() => {
    const current = press.current;
    if (current?.timer) clearTimeout(current.timer);
    press.current = null;
    document.body.style.userSelect = '';
    stopAutoScroll();
    detach.current?.();
    detach.current = null;
    setDrag(null);
  }, []);

  useEffect(() => end, [end]);

  const retarget = useCallback(() => {
    const current = press.current;
    if (!current?.active) return;
    const target = dropTargetAt(current.x, current.y);
    setDrag((shown) => (shown && shown.target?.dueDate === target?.dueDate && shown.target?.dueTime === target?.dueTime ? shown : { task: current.task, target }));
  }, []);

  /**
   * Scrolls the time grid while the pointer rests inside it near its top or bottom edge, faster closer to
   * it; only once the pointer has been in the grid away from the edges (a task carried down from the
   * all-day row crosses the top edge without scrolling the grid).
   */
  const autoScroll = useCallback(() => {
    const current = press.current;
    const box = scroller.current;
    frame.current = null;
    if (!current?.active || !box) return;
    const rect = box.getBoundingClientRect();
    const fromTop = current.y - rect.top;
    const fromBottom = rect.bottom - current.y;
    const inside = current.x >= rect.left && current.x <= rect.right && fromTop >= 0 && fromBottom >= 0;
    if (inside && fromTop >= AUTO_SCROLL_EDGE && fromBottom >= AUTO_SCROLL_EDGE) current.armed = true;
    if (!inside || !current.armed) return;
    let step = 0;
    if (fromTop < AUTO_SCROLL_EDGE) step = -AUTO_SCROLL_MAX_STEP * (1 - fromTop / AUTO_SCROLL_EDGE);
    else if (fromBottom < AUTO_SCROLL_EDGE) step = AUTO_SCROLL_MAX_STEP * (1 - fromBottom / AUTO_SCROLL_EDGE);
    if (step === 0) return;
    const before = box.scrollTop;
    box.scrollTop += step;
    if (box.scrollTop === before) return;
    retarget();
    frame.current = requestAnimationFrame(autoScroll);
  }, [retarget, scroller]);

  const activate = useCallback(() => {
    const current = press.current;
    if (!current) return;
    current.active = true;
    current.timer = null;
    document.body.style.userSelect = 'none';
    setDrag({ task: current.task, target: null });
    retarget();
  }, [retarget]);

  const startPress = useCallback(
    (event: ReactPointerEvent<HTMLElement>, task: Task) => {
      if (event.button !== 0 || !event.isPrimary || press.current) return;
      // The card's own buttons (Move) are pressed, not dragged; nor is what its menu or dialog shows (portals).
      const pressed = event.target as HTMLElement;
      if (!event.currentTarget.contains(pressed) || pressed.closest('[data-no-drag]')) return;
      const current: Press = {
        task,
        pointerId: event.pointerId,
        pointerType: event.pointerType,
        startX: event.clientX,
        startY: event.clientY,
        x: event.clientX,
        y: event.clientY,
        active: false,
        armed: false,
        timer: null,
      };
      press.current = current;
      if (current.pointerType === 'touch') current.timer = setTimeout(activate, TOUCH_LONG_PRESS_MS);

      const onMove = (move: PointerEvent) => {
        if (move.pointerId !== current.pointerId) return;
        current.x = move.clientX;
        current.y = move.clientY;
        const distance = Math.hypot(move.clientX - current.startX, move.clientY - current.startY);
        if (!current.active) {
          if (current.pointerType === 'touch') {
            if (distance > TOUCH_SLOP) end();
          } else if (distance >= MOUSE_DRAG_DISTANCE) {
            activate();
          }
          return;
        }
        move.preventDefault();
        retarget();
        if (frame.current === null) frame.current = requestAnimationFrame(autoScroll);
      };
      const onUp = (up: PointerEvent) => {
        if (up.pointerId !== current.pointerId) return;
        if (current.active) {
          suppressClick.current = true;
          setTimeout(() => (suppressClick.current = false), 0);
          const target = dropTargetAt(up.clientX, up.clientY);
          if (isMove(current.task, target)) onDropRef.current(current.task, target);
        }
        end();
      };
      const onCancel = (cancel: PointerEvent) => cancel.pointerId === current.pointerId && end();
      const onKey = (key: KeyboardEvent) => key.key === 'Escape' && end();
      // While a finger drags, the page must not scroll under it.
      const onTouchMove = (touch: TouchEvent) => current.active && touch.cancelable && touch.preventDefault();
      const onContextMenu = (menu: Event) => current.pointerType === 'touch' && menu.preventDefault();
      window.addEventListener('pointermove', onMove, { passive: false });
      window.addEventListener('pointerup', onUp);
      window.addEventListener('pointercancel', onCancel);
      window.addEventListener('keydown', onKey);
      window.addEventListener('touchmove', onTouchMove, { passive: false });
      window.addEventListener('contextmenu', onContextMenu);
      detach.current = () => {
        window.removeEventListener('pointermove', onMove);
        window.removeEventListener('pointerup', onUp);
        window.removeEventListener('pointercancel', onCancel);
        window.removeEventListener('keydown', onKey);
        window.removeEventListener('touchmove', onTouchMove);
        window.removeEventListener('contextmenu', onContextMenu);
      };
    },
    [activate, autoScroll, end, retarget],
  );

  /** Put on a card's click handler: true when this click ends a drag (and must not open the task). */
  const endsDrag = useCallback(() => suppressClick.current, []);

  return { drag, startPress, endsDrag };
}
