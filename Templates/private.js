/* Placeholder: replaced by the viewer script. */
