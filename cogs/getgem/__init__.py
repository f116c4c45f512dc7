"""GETGEM (ゲットジェム): collect fire, water and thunder, declare, and survive three turns."""
