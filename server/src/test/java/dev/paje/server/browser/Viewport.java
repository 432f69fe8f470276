package dev.paje.server.browser;

import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/** The browser window a page test class wants, when not {@link PageTest}'s default 1400 × 800 at scale 1. */
@Retention(RetentionPolicy.RUNTIME)
@Target(ElementType.TYPE)
@interface Viewport {
    int width() default 1400;

    int height() default 800;

    /** Whether the page may download files (exports). */
    boolean downloads() default false;
}
