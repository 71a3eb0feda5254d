package io.gvl.dataset.internal;

import io.gvl.core.kernel.rng.NumpyGenerator;
import io.gvl.dataset.settings.Settings;

/**
 * The {@link Settings} of a {@code RefDataset} view. It honours those of GVL's {@code RefDataset.with_settings}:
 * jitter, seed, deterministic and rcNeg. The others are about variants, tracks or per-view parallelism, which a
 * {@code RefDataset} does not have: changing one from its default is refused, naming it, never ignored.
 */
public final class RefSettings {
    private static final String NO_VARIANTS = "a RefDataset has no variant outputs";

    private RefSettings() {
    }

    /**
     * The settings of view {@code v}: its jitter, deterministic and rcNeg, no new seed, the defaults for the rest.
     *
     * @param v the view
     * @return the settings
     */
    public static Settings of(RefViewState v) {
        return Settings.defaults().withJitter(v.jitter()).withDeterministic(v.deterministic()).withRcNeg(v.rcNeg());
    }

    /**
     * View {@code v} with settings {@code s}: a seed installs a new generator, otherwise {@code v}'s stays shared.
     *
     * @param v the view
     * @param s the new settings
     * @return the new state, not yet checked against the regions
     * @throws IllegalArgumentException if {@code s} changes a setting a {@code RefDataset} does not support
     */
    public static RefViewState apply(RefViewState v, Settings s) {
        Settings d = Settings.defaults();
        refuse("realignTracks", s.realignTracks() != d.realignTracks(), "a RefDataset has no tracks");
        refuse("minAf", !s.minAf().equals(d.minAf()), NO_VARIANTS);
        refuse("maxAf", !s.maxAf().equals(d.maxAf()), NO_VARIANTS);
        refuse("varFields", !s.varFields().equals(d.varFields()), NO_VARIANTS);
        refuse("dummyVariant", !s.dummyVariant().equals(d.dummyVariant()), NO_VARIANTS);
        refuse("unphasedUnion", s.unphasedUnion() != d.unphasedUnion(), NO_VARIANTS);
        refuse("flankLength", s.flankLength() != d.flankLength(), NO_VARIANTS);
        refuse("tokens", !s.tokens().equals(d.tokens()), NO_VARIANTS);
        refuse("parallel", s.parallel() != d.parallel(), "a RefDataset has no per-view parallelism; its queries"
                + " follow -Dgvl.parallel, GVL_FORCE_PARALLEL and the size gate");
        NumpyGenerator rng = s.seed().isPresent() ? NumpyGenerator.seeded(s.seed().get()) : v.rng();
        return v.withSettings(s.jitter(), rng, s.deterministic(), s.rcNeg());
    }

    private static void refuse(String setting, boolean changed, String why) {
        if (changed) {
            throw new IllegalArgumentException("RefDataset does not support the setting '" + setting + "': " + why
                    + "; it honours jitter, seed, deterministic and rcNeg");
        }
    }
}
