/**
 * A copy of a Navegador state, made for its known shape (the bots' look-ahead copies states
 * thousands of times a decision; the generic deep copy walks every key). Flat fields are
 * spread, so a new number or string field is copied without a change here; a new nested field
 * must be added (the bots tests compare this copy with the generic one).
 */
import type { NavPlayer, NavState, Pending } from './types';

const player = (p: NavPlayer): NavPlayer => ({
  ...p,
  colonies: p.colonies.map((c) => ({ ...c })),
  factories: { ...p.factories },
  explorers: [...p.explorers],
  privileges: { ...p.privileges },
});

function pending(p: Pending): Pending {
  switch (p.kind) {
    case 'sailing':
      return { ...p, moved: p.moved.map((m) => ({ ...m })) };
    case 'colony':
      return { ...p, founded: [...p.founded] };
    case 'buildings':
      return { ...p, built: [...p.built] };
    case 'market':
      return { ...p, traded: [...p.traded] };
    default:
      return { ...p };
  }
}

function lists<K extends string>(r: Partial<Record<K, number[]>>): Partial<Record<K, number[]>> {
  const out: Partial<Record<K, number[]>> = {};
  for (const k in r) out[k] = [...r[k]!];
  return out;
}

export function cloneState(s: NavState): NavState {
  return {
    ...s,
    seats: s.seats.map(player),
    ships: lists(s.ships) as NavState['ships'],
    unexplored: [...s.unexplored],
    stacks: lists(s.stacks),
    revealed: lists(s.revealed),
    removedTokens: [...s.removedTokens],
    market: { ...s.market },
    built: { ...s.built },
    gallery: { ...s.gallery },
    privilegeSupply: { ...s.privilegeSupply },
    navegador: { ...s.navegador },
    pending: s.pending && pending(s.pending),
    final: s.final === null ? null : s.final.map((f) => ({ ...f, columns: { ...f.columns } })),
  };
}
