#ifndef GAMEBENCH_CORE_TYPE_LIST_H_
#define GAMEBENCH_CORE_TYPE_LIST_H_

namespace gamebench {

// A compile-time list of types: the game and solver catalogs are type lists,
// so dispatching a spec to a game and a game to a solver instantiates each
// solver for each game it applies to, with no virtual calls in between.
template <typename... Ts>
struct TypeList {};

// The types of A, then those of B (the tool's solver catalog joins the
// solvers' and the CGT layer's lists).
template <typename A, typename B>
struct ConcatTypeLists;
template <typename... As, typename... Bs>
struct ConcatTypeLists<TypeList<As...>, TypeList<Bs...>> {
  using type = TypeList<As..., Bs...>;
};

// Calls fn.template operator()<T>() for each T in order; stops at the first
// call that returns true. Returns whether one did.
template <typename... Ts, typename Fn>
bool ForEachType(TypeList<Ts...>, Fn&& fn) {
  return (fn.template operator()<Ts>() || ...);
}

}  // namespace gamebench

#endif  // GAMEBENCH_CORE_TYPE_LIST_H_
