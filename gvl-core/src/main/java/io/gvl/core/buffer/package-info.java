/**
 * Flat ragged buffers: the layout of every gvl output.
 *
 * <p>A {@link io.gvl.core.buffer.Ragged} is one contiguous typed data segment plus {@code rows + 1} int64
 * offsets (row {@code i} is {@code data[offsets[i], offsets[i+1])}) and a leading shape whose product is the
 * row count, exactly GVL's layout. Keeping every output in one segment lets kernels fill a whole batch in one
 * call, lets consumers take the bytes without copying, and makes fixed-length output a reshape.
 * {@link io.gvl.core.buffer.Dense} is the rectangular (padded or fixed-length) form.
 *
 * <p>Memory is owned by an {@link java.lang.foreign.Arena}: buffers created by {@code allocate} own a shared
 * arena and free it on {@code close()}; buffers created with a caller's arena or by {@code wrap} borrow it.
 * Row views are slices of the same memory and never outlive the owner: any use after close throws
 * {@link java.lang.IllegalStateException}. Closing twice is harmless.
 */
package io.gvl.core.buffer;
