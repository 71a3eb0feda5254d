package io.gvl.write.internal;

import java.util.Map;

/**
 * The INFO and FORMAT keys a variant file declares, with their types, so the write pipeline knows which numeric
 * INFO fields it can store as variant-table columns and whether the calls carry {@code DS} dosages.
 */
record VcfHeaderFields(Map<String, String> info, Map<String, String> format) {

    /** Whether INFO {@code key} is declared with a numeric type (Integer or Float). */
    boolean numericInfo(String key) {
        String t = info.get(key);
        return "Float".equals(t) || "Integer".equals(t);
    }

    boolean hasDosages() {
        return format.containsKey("DS");
    }
}
